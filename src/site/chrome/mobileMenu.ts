import { SUBMENU_FADE_MS } from './constants'
import { focusableIn, listen, prefersReducedMotion } from '@/dom/dom'
import { attachGestures } from '@/dom/gestures'

/** How long the panel takes to slide out before it is hidden. */
export const MOBILE_MENU_SLIDE_MS = SUBMENU_FADE_MS

/**
 * The slide-in mobile panel: a dialog holding a copy of the main menu. It traps focus while
 * open and closes on Escape, a link click, the overlay, a swipe toward its edge, and when the
 * toggle is no longer shown (the viewport grew to desktop width).
 */
export function attachMobileMenu(): () => void {
  const toggle = document.querySelector<HTMLButtonElement>('.mobile-menu-toggle')
  const root = document.getElementById('mobile-menu')
  const panel = root?.querySelector<HTMLElement>('.mobile-menu-panel')
  if (!toggle || !root || !panel) return () => {}
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'

  const open = () => {
    clearTimeout(hideTimer)
    root.hidden = false
    // Let the browser lay out the panel off-screen before sliding it in.
    void root.offsetWidth
    root.classList.add('is-open')
    toggle.setAttribute('aria-expanded', 'true')
    document.body.classList.add('mobile-menu-open')
    focusableIn(panel)[0]?.focus()
  }

  const close = ({ returnFocus = true } = {}) => {
    if (!isOpen()) return
    root.classList.remove('is-open')
    toggle.setAttribute('aria-expanded', 'false')
    document.body.classList.remove('mobile-menu-open')
    hideTimer = setTimeout(() => (root.hidden = true), prefersReducedMotion() ? 0 : MOBILE_MENU_SLIDE_MS)
    if (returnFocus) toggle.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isOpen()) return
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    if (event.key !== 'Tab') return
    const focusable = focusableIn(panel)
    if (!focusable.length) return
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
      event.preventDefault()
      first.focus()
    }
  }

  const onRootClick = (event: MouseEvent) => {
    const target = event.target as Element
    if (target.closest('[data-mobile-menu-close]')) {
      close()
      return
    }
    const submenuToggle = target.closest<HTMLButtonElement>('.mobile-submenu-toggle')
    if (submenuToggle) {
      const list = document.getElementById(submenuToggle.getAttribute('aria-controls') ?? '')
      const expanded = submenuToggle.getAttribute('aria-expanded') === 'true'
      submenuToggle.setAttribute('aria-expanded', String(!expanded))
      if (list) list.hidden = expanded
      return
    }
    if (target.closest('a[href]')) close({ returnFocus: false })
  }

  const onResize = () => {
    // The toggle is hidden from desktop width up (unless the device is touch-first).
    if (isOpen() && toggle.offsetParent === null) close({ returnFocus: false })
  }

  const removers = [
    listen(toggle, 'click', () => (isOpen() ? close() : open())),
    listen(root, 'click', onRootClick),
    listen(document, 'keydown', onKeyDown),
    listen(window, 'resize', onResize),
    // The panel slides in from the right edge; a swipe back toward that edge closes it.
    attachGestures(panel, { onSwipe: (direction) => direction === 'right' && close() }),
  ]
  return () => {
    clearTimeout(hideTimer)
    removers.forEach((remove) => remove())
  }
}
