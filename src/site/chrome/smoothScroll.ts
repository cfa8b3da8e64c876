import { HEADER_FIXED_MIN_WIDTH_PX, SMOOTH_SCROLL_MS } from './constants'
import { prefersReducedMotion } from '@/dom/dom'

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)

let running: number | undefined

/** Scrolls the window to `top` over SMOOTH_SCROLL_MS (at once under reduced motion). */
export function smoothScrollTo(top: number, duration = SMOOTH_SCROLL_MS): Promise<void> {
  if (running !== undefined) cancelAnimationFrame(running)
  const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight))
  if (prefersReducedMotion() || duration <= 0) {
    window.scrollTo(0, target)
    return Promise.resolve()
  }
  const start = window.scrollY
  const startedAt = performance.now()
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - startedAt) / duration)
      window.scrollTo(0, start + (target - start) * easeInOut(progress))
      if (progress < 1) running = requestAnimationFrame(step)
      else {
        running = undefined
        resolve()
      }
    }
    running = requestAnimationFrame(step)
  })
}

/** Height the fixed header covers at the top of the viewport. */
export function headerOffset(): number {
  const header = document.querySelector<HTMLElement>('.site-header')
  if (!header) return 0
  // From the desktop width the header becomes fixed once scrolled, so it always covers the target.
  return window.innerWidth >= HEADER_FIXED_MIN_WIDTH_PX ? header.offsetHeight : 0
}

/** Where the page must scroll for `element` to sit just below the fixed header. */
export const scrollTopFor = (element: Element) => element.getBoundingClientRect().top + window.scrollY - headerOffset()
