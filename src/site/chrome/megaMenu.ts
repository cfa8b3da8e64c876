import { SUBMENU_FADE_MS, SUBMENU_HIDE_DELAY_MS } from './constants'
import { listen, prefersReducedMotion } from '@/dom/dom'
import { type LinkClick, subscribeToLinks } from '@/dom/linkRouter'
import { moveIndex, type RovingMove } from '@/dom/roving'

const ITEM = '.main-nav .menu-item.has-submenu'

const SUBMENU_KEYS: Partial<Record<string, RovingMove>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
}

type Timers = { hide?: ReturnType<typeof setTimeout>; fade?: ReturnType<typeof setTimeout> }

/**
 * The main menu's submenus (WAI-ARIA disclosure navigation): open on hover, or on the first
 * tap or Enter on their top link (the second follows it; a mouse click always does); close 800 ms after the pointer leaves
 * and then fade over 250 ms; stay open while focus is inside; Escape, a click elsewhere or a
 * touch-move closes them all.
 */
export function attachMegaMenu(): () => void {
  const timers = new WeakMap<Element, Timers>()
  const toggleOf = (item: Element) => item.querySelector<HTMLAnchorElement>(':scope > .menu-link')
  const items = () => Array.from(document.querySelectorAll<HTMLElement>(ITEM))

  const cancelTimers = (item: Element) => {
    const t = timers.get(item)
    if (t) {
      clearTimeout(t.hide)
      clearTimeout(t.fade)
    }
    timers.set(item, {})
  }

  const close = (item: Element) => {
    cancelTimers(item)
    item.classList.remove('is-open', 'is-closing')
    toggleOf(item)?.setAttribute('aria-expanded', 'false')
  }

  const open = (item: Element) => {
    cancelTimers(item)
    for (const other of items()) if (other !== item) close(other)
    item.classList.add('is-open')
    item.classList.remove('is-closing')
    toggleOf(item)?.setAttribute('aria-expanded', 'true')
  }

  const closeAll = () => items().forEach(close)

  const scheduleClose = (item: Element) => {
    cancelTimers(item)
    if (!item.classList.contains('is-open') || item.contains(document.activeElement)) return
    const hide = setTimeout(() => {
      item.classList.add('is-closing')
      const fade = setTimeout(() => close(item), prefersReducedMotion() ? 0 : SUBMENU_FADE_MS)
      timers.set(item, { fade })
    }, SUBMENU_HIDE_DELAY_MS)
    timers.set(item, { hide })
  }

  const itemOf = (target: EventTarget | null) => (target as Element | null)?.closest?.(ITEM) ?? null

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    const item = itemOf(event.target)
    if (item && !item.classList.contains('is-open')) open(item)
    else if (item) cancelTimers(item)
  }

  const onPointerOut = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    const item = itemOf(event.target)
    if (item && !item.contains(event.relatedTarget as Node | null)) scheduleClose(item)
  }

  // The first tap (or Enter) on a closed top link opens its submenu instead of following it; a
  // mouse has hover to open it, so its click always follows the link.
  const claimTopLink = ({ link, pointerType }: LinkClick) => {
    if (pointerType === 'mouse') return false
    const item = itemOf(link)
    if (!item || toggleOf(item) !== link || item.classList.contains('is-open')) return false
    open(item)
    return true
  }

  // Closing is all this does, so it needs no place in the link router's order.
  const onClickElsewhere = (event: MouseEvent) => {
    if (!(event.target as Element | null)?.closest?.('.main-nav')) closeAll()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const item = itemOf(event.target)
    if (event.key === 'Escape') {
      const hadFocus = items().find((i) => i.contains(document.activeElement))
      closeAll()
      if (hadFocus) toggleOf(hadFocus)?.focus()
      return
    }
    if (!item) return
    const toggle = toggleOf(item)
    if (event.target !== toggle) return moveInSubmenu(item, event)
    if (event.key === ' ' || event.key === 'Spacebar') {
      event.preventDefault()
      if (item.classList.contains('is-open')) close(item)
      else open(item)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      open(item)
      item.querySelector<HTMLElement>('.submenu a')?.focus()
    }
  }

  // Inside an open submenu the arrows walk its links (stopping at the last; up from the first
  // goes back to the top link), Home and End jump to the ends.
  const moveInSubmenu = (item: Element, event: KeyboardEvent) => {
    const move = SUBMENU_KEYS[event.key]
    if (!move) return
    const links = Array.from(item.querySelectorAll<HTMLElement>('.submenu a'))
    const current = links.indexOf(event.target as HTMLElement)
    if (current < 0) return
    event.preventDefault()
    if (move === 'previous' && current === 0) return toggleOf(item)?.focus()
    links[moveIndex(current, move, links.length, false)]?.focus()
  }

  const onFocusIn = (event: FocusEvent) => {
    const item = itemOf(event.target)
    if (item) cancelTimers(item)
    // Focus moving to another top item or out of the menu closes the one it left.
    for (const other of items()) if (other !== item && other.classList.contains('is-open')) close(other)
  }

  const removers = [
    listen(document, 'pointerover', onPointerOver),
    listen(document, 'pointerout', onPointerOut),
    subscribeToLinks('claim', claimTopLink),
    // Capture: a click that a page element stops on its way still closes the menu.
    listen(document, 'click', onClickElsewhere, { capture: true }),
    listen(document, 'keydown', onKeyDown),
    listen(document, 'focusin', onFocusIn),
    listen(document, 'touchmove', closeAll, { passive: true }),
  ]
  return () => {
    items().forEach(cancelTimers)
    removers.forEach((remove) => remove())
    // The header outlives a page the router replaces: it is left closed for the next one.
    closeAll()
  }
}
