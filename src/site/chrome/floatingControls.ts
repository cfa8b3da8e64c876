import { afterNextFrame, listen, throttle } from '@/dom/dom'
import { MOBILE_MENU_MAX_WIDTH_PX, SCROLL_THROTTLE_MS } from './constants'
import { type Box, FLOATING_MAX_LIFT_SHARE, placeFloating } from './floatingPlacement'

/** What a visitor can press; a floating control must not sit over any of it. */
const PAGE_CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="combobox"], [role="option"], [tabindex]:not([tabindex="-1"])'
/** The floating controls, from the bottom of the screen up (see header.css and the chat's widget.css). */
const FLOATING = ['.back-to-top', '.chat-widget']
/** Smaller than this, an element is one drawn for screen readers only (or a replaced native select). */
const SCREEN_READER_ONLY_PX = 2

const PHONE = `(max-width: ${MOBILE_MENU_MAX_WIDTH_PX}px)`

/** A floating control in play: shown, and (for the chat) closed to its launcher. */
function floatingInPlay(element: HTMLElement | null): element is HTMLElement {
  if (!element) return false
  if (element.matches('.back-to-top') && !element.classList.contains('is-visible')) return false
  if (element.matches('.chat-widget') && !element.querySelector('.chat-launcher')) return false
  return true
}

/** Where a floating control sits with no lift: its fixed `bottom`, whatever its lift now is. */
function homeOf(element: HTMLElement): Box {
  const rect = element.getBoundingClientRect()
  const bottom = window.innerHeight - parseFloat(getComputedStyle(element).bottom)
  return { left: rect.left, right: rect.right, top: bottom - rect.height, bottom }
}

function pageControlsBeside(homes: Box[], floating: HTMLElement[]): Box[] {
  const left = Math.min(...homes.map((home) => home.left))
  const right = Math.max(...homes.map((home) => home.right))
  const boxes: Box[] = []
  for (const control of document.querySelectorAll<HTMLElement>(PAGE_CONTROLS)) {
    if (floating.some((element) => element.contains(control))) continue
    const rect = control.getBoundingClientRect()
    if (rect.width < SCREEN_READER_ONLY_PX || rect.height < SCREEN_READER_ONLY_PX) continue
    if (rect.bottom < 0 || rect.top > window.innerHeight || rect.right < left || rect.left > right) continue
    if (getComputedStyle(control).visibility === 'hidden') continue
    boxes.push({ top: rect.top, right: rect.right, bottom: rect.bottom, left: rect.left })
  }
  return boxes
}

/** Moves a control to its lift (null: steps aside); a control already there is not touched. */
function settle(element: HTMLElement, lift: number | null) {
  const value = `${lift ?? 0}px`
  if (element.style.getPropertyValue('--float-lift') !== value) element.style.setProperty('--float-lift', value)
  element.classList.toggle('is-yielding', lift === null)
}

/**
 * On a phone the chat launcher and back-to-top float over a narrow page: each rises past any
 * link, button or field it would cover, or steps aside when no spot near its corner is free.
 */
export function attachFloatingControls(): () => void {
  const phone = window.matchMedia(PHONE)

  // Every size and place is read before anything moves: a change before a read would make the
  // browser lay the whole page out again at once, inside this task.
  const update = () => {
    const all = FLOATING.map((selector) => document.querySelector<HTMLElement>(selector))
    const inPlay = phone.matches ? all.filter(floatingInPlay) : []
    const homes = inPlay.map(homeOf)
    const maxLift = window.innerHeight * FLOATING_MAX_LIFT_SHARE
    const lifts = inPlay.length ? placeFloating(homes, pageControlsBeside(homes, inPlay), maxLift) : []
    for (const element of all) {
      if (!element) continue
      const at = inPlay.indexOf(element)
      settle(element, at >= 0 ? lifts[at] : 0)
    }
  }

  // Looked at just after a frame is drawn, when the page's layout is already known.
  const afterFrame = afterNextFrame(update)
  const throttled = throttle(afterFrame, SCROLL_THROTTLE_MS)
  // The page moves under the controls without a scroll too: an accordion opens, the chat arrives.
  const resized = new ResizeObserver(throttled)
  resized.observe(document.body)
  const changed = new MutationObserver(throttled)
  changed.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] })
  const removers = [
    listen(window, 'scroll', throttled, { passive: true }),
    listen(window, 'resize', throttled, { passive: true }),
    // Blocks rise into place as they appear, and panels slide: look again where they stop.
    listen(document, 'animationend', throttled),
    listen(document, 'transitionend', throttled),
  ]
  throttled()
  return () => {
    throttled.cancel()
    afterFrame.cancel()
    resized.disconnect()
    changed.disconnect()
    removers.forEach((remove) => remove())
  }
}
