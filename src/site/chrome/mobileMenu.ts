import { SUBMENU_FADE_MS } from './constants'
import { keepTabIn, listen, prefersReducedMotion } from '@/dom/dom'
import { attachGestures } from '@/dom/gestures'
import { subscribeToLinks } from '@/dom/linkRouter'

/** How long the panel takes to slide out before it is hidden. */
export const MOBILE_MENU_SLIDE_MS = SUBMENU_FADE_MS

/**
 * The slide-in mobile panel: a modal <dialog> holding a copy of the main menu, so the browser
 * moves focus in, keeps the page behind inert and gives focus back when it closes. It closes on
 * Escape, a link click, the overlay, a swipe toward its edge, and when the toggle is no longer
 * shown (the viewport grew to desktop width).
 */
export function attachMobileMenu(): () => void {
  const toggle = document.querySelector<HTMLButtonElement>('.mobile-menu-toggle')
  const dialog = document.querySelector<HTMLDialogElement>('dialog#mobile-menu')
  const panel = dialog?.querySelector<HTMLElement>('.mobile-menu-panel')
  if (!toggle || !dialog || !panel) return () => {}
  let slideOut: ReturnType<typeof setTimeout> | undefined

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'

  const open = () => {
    if (dialog.open) return
    clearTimeout(slideOut)
    dialog.classList.remove('is-closing')
    dialog.showModal()
    // Let the browser lay out the panel off-screen before sliding it in.
    void dialog.offsetWidth
    dialog.classList.add('is-open')
    toggle.setAttribute('aria-expanded', 'true')
    document.body.classList.add('mobile-menu-open')
  }

  // The dialog leaves the top layer at once (the page is usable again) and `is-closing` keeps it
  // drawn while the panel slides out.
  const close = ({ returnFocus = true } = {}) => {
    if (!isOpen()) return
    dialog.classList.replace('is-open', 'is-closing')
    toggle.setAttribute('aria-expanded', 'false')
    document.body.classList.remove('mobile-menu-open')
    if (dialog.open) dialog.close()
    slideOut = setTimeout(
      () => dialog.classList.remove('is-closing'),
      prefersReducedMotion() ? 0 : MOBILE_MENU_SLIDE_MS,
    )
    if (returnFocus) toggle.focus()
  }

  const onDialogClick = (event: MouseEvent) => {
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
    listen(toggle, 'click', open),
    listen(dialog, 'click', onDialogClick),
    // Escape (or a phone's back gesture): the same slide out as every other way of closing.
    listen(dialog, 'cancel', (event) => {
      event.preventDefault()
      close()
    }),
    // Any close that did not come through `close` (a form inside with method="dialog", say).
    listen(dialog, 'close', () => !dialog.open && close()),
    keepTabIn(dialog),
    // A link to this page closes the panel before in-page navigation moves focus to its target.
    subscribeToLinks('dismiss', () => close({ returnFocus: false })),
    listen(window, 'resize', onResize),
    // The panel slides in from the right edge; a swipe back toward that edge closes it.
    attachGestures(panel, { onSwipe: (direction) => direction === 'right' && close() }),
  ]
  return () => {
    removers.forEach((remove) => remove())
    // The panel outlives a page the router replaces (the Back button while it is open): closed at once.
    close({ returnFocus: false })
    clearTimeout(slideOut)
    dialog.classList.remove('is-closing')
  }
}
