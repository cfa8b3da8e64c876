import { ACTIVE_ENTRY_CLASS, SCROLL_SPY_THROTTLE_MS, SECTION_IN_VIEW_CLASS } from './constants'
import { listen, PAGE_TOP_ID, throttle } from '@/dom/dom'
import { type LinkClick, subscribeToLinks } from '@/dom/linkRouter'
import { headerOffset, scrollTopFor, smoothScrollTo } from './smoothScroll'

const MENU_LINKS = '.main-nav a[href], .mobile-menu a[href]'

function setCurrentSection(id: string | null) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(MENU_LINKS)) {
    const url = new URL(link.href, window.location.href)
    if (url.pathname !== window.location.pathname || !url.hash) continue
    const current = id !== null && url.hash === `#${id}`
    link.classList.toggle(SECTION_IN_VIEW_CLASS, current)
    link.classList.toggle(ACTIVE_ENTRY_CLASS, current)
    if (current) link.setAttribute('aria-current', 'location')
    else if (link.getAttribute('aria-current') === 'location') link.removeAttribute('aria-current')
  }
}

/** Takes the section marks off every menu link: the menu outlives the page when the router moves on. */
function clearSectionMarks() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(MENU_LINKS)) {
    if (link.getAttribute('aria-current') !== 'location') continue
    link.removeAttribute('aria-current')
    link.classList.remove(SECTION_IN_VIEW_CLASS, ACTIVE_ENTRY_CLASS)
  }
}

/** Sections of this page that the menu links to, in page order. */
function spiedSections(): HTMLElement[] {
  const ids = new Set<string>()
  for (const link of document.querySelectorAll<HTMLAnchorElement>(MENU_LINKS)) {
    const url = new URL(link.href, window.location.href)
    if (url.pathname === window.location.pathname && url.hash.length > 1) ids.add(decodeURIComponent(url.hash.slice(1)))
  }
  return [...ids]
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
}

/**
 * Same-page links (this is the link router's navigator) scroll smoothly to their target below the
 * fixed header, move focus there and add a history entry;
 * while the visitor scrolls, the address-bar hash and the active menu entry follow the section
 * in view (replaceState, so history is not flooded).
 */
export function attachInPageNav(): () => void {
  const sections = spiedSections()
  let programmatic = false
  let currentId: string | null = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : null

  // A scroll the router makes while it replaces the page must not write this page's hash onto the next.
  const spiedPath = window.location.pathname
  const spy = throttle(() => {
    if (programmatic || !sections.length || window.location.pathname !== spiedPath) return
    const line = headerOffset() + window.innerHeight / 3
    let inView: HTMLElement | null = null
    for (const section of sections) if (section.getBoundingClientRect().top <= line) inView = section
    const id = inView?.id ?? null
    if (id === currentId) return
    currentId = id
    const url = window.location.pathname + window.location.search + (id ? `#${id}` : '')
    history.replaceState(history.state, '', url)
    setCurrentSection(id)
  }, SCROLL_SPY_THROTTLE_MS)

  const navigate = ({ destination: target }: LinkClick) => {
    if (!target) return false
    const id = target === 'top' ? null : target.id
    const url = window.location.pathname + window.location.search + (id ? `#${id}` : '')
    if (url !== window.location.pathname + window.location.search + window.location.hash)
      history.pushState(history.state, '', url)
    currentId = id
    setCurrentSection(id)
    // Focus moves at once, before the scroll: a Tab pressed during it goes on from the target (the
    // skip link's "Skip to content" then Tab reaches the content, not the header).
    const focusTarget = target === 'top' ? document.getElementById(PAGE_TOP_ID) : target
    if (focusTarget) {
      if (!focusTarget.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(focusTarget.tagName)) {
        focusTarget.setAttribute('tabindex', '-1')
      }
      focusTarget.focus({ preventScroll: true })
    }
    programmatic = true
    void smoothScrollTo(target === 'top' ? 0 : scrollTopFor(target)).then(() => {
      programmatic = false
    })
    return true
  }

  setCurrentSection(currentId)
  const removers = [
    subscribeToLinks('navigate', navigate),
    listen(window, 'scroll', spy, { passive: true }),
    listen(window, 'popstate', () => {
      currentId = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : null
      setCurrentSection(currentId)
    }),
  ]
  return () => {
    spy.cancel()
    removers.forEach((remove) => remove())
    clearSectionMarks()
  }
}
