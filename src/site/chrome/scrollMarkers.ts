import {
  BACK_TO_TOP_THRESHOLD_PX,
  HEADER_FIXED_MIN_WIDTH_PX,
  SCROLL_THROTTLE_MS,
  SCROLLED_MARKER_PX,
} from './constants'
import { listen, throttle } from '@/dom/dom'

/**
 * Everything that follows the scroll position, checked at most every SCROLL_THROTTLE_MS:
 * the body's `scrolled` marker, the fixed header, back-to-top, and `visible-first` on blocks.
 */
export function attachScrollMarkers(): () => void {
  const header = document.querySelector<HTMLElement>('.site-header')
  const spacer = document.querySelector<HTMLElement>('.site-header-spacer')
  const backToTop = document.querySelector<HTMLElement>('.back-to-top')
  // Blocks already on screen at start appear as they are; later ones get the reveal animation.
  const pending = new Set(document.querySelectorAll<HTMLElement>('[data-reveal]:not(.visible-first)'))
  let headerTop = header ? header.getBoundingClientRect().top + window.scrollY : 0
  let firstCheck = true

  const update = () => {
    const y = window.scrollY
    document.body.classList.toggle('scrolled', y > SCROLLED_MARKER_PX)

    if (header) {
      const wide = window.innerWidth >= HEADER_FIXED_MIN_WIDTH_PX
      if (!header.classList.contains('is-fixed')) headerTop = header.getBoundingClientRect().top + y
      const fixed = wide && y > headerTop
      // The exact height (a two-row header may have a fraction), so the page below does not move.
      if (fixed && spacer) spacer.style.height = `${header.getBoundingClientRect().height}px`
      header.classList.toggle('is-fixed', fixed)
      if (spacer) spacer.hidden = !fixed
    }

    if (backToTop) backToTop.classList.toggle('is-visible', y > BACK_TO_TOP_THRESHOLD_PX)

    for (const block of pending) {
      const rect = block.getBoundingClientRect()
      if (rect.top < window.innerHeight && rect.bottom > 0) {
        if (!firstCheck) block.classList.add('reveal-animate')
        block.classList.add('visible-first')
        pending.delete(block)
      }
    }
    firstCheck = false
  }

  const throttled = throttle(update, SCROLL_THROTTLE_MS)
  update()
  const removers = [
    listen(window, 'scroll', throttled, { passive: true }),
    listen(window, 'resize', throttled, { passive: true }),
  ]
  return () => {
    throttled.cancel()
    removers.forEach((remove) => remove())
    // The header outlives a page the router replaces; the next attach measures it in its own place.
    header?.classList.remove('is-fixed')
    if (spacer) spacer.hidden = true
  }
}
