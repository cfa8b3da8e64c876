/** Small DOM helpers shared by the chrome behaviours. */

/** The element at the very top of every page (the shell draws it): back-to-top and a closed banner leave focus there. */
export const PAGE_TOP_ID = 'top'

export const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Calls `fn` at most once per `intervalMs`, always running the last call of a burst. */
export function throttle(fn: () => void, intervalMs: number): (() => void) & { cancel: () => void } {
  let last = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    timer = undefined
    last = Date.now()
    fn()
  }
  const throttled = () => {
    const wait = last + intervalMs - Date.now()
    if (wait <= 0) run()
    else if (timer === undefined) timer = setTimeout(run, wait)
  }
  throttled.cancel = () => clearTimeout(timer)
  return throttled
}

/**
 * Calls `fn` once just after the next frame is drawn (a task queued from requestAnimationFrame),
 * when the browser has laid the page out for that frame and reading sizes and places costs
 * nothing; calls before then are merged into that one. Nothing runs while the tab is hidden.
 */
export function afterNextFrame(fn: () => void): (() => void) & { cancel: () => void } {
  let frame: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const scheduled = () => {
    if (frame !== undefined || timer !== undefined) return
    frame = requestAnimationFrame(() => {
      frame = undefined
      timer = setTimeout(() => {
        timer = undefined
        fn()
      }, 0)
    })
  }
  scheduled.cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(timer)
    frame = timer = undefined
  }
  return scheduled
}

/** Adds a listener and returns the function that removes it. */
export function listen<K extends keyof WindowEventMap>(
  target: Window,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void
export function listen<K extends keyof DocumentEventMap>(
  target: Document,
  type: K,
  handler: (event: DocumentEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  options?: AddEventListenerOptions,
): () => void {
  target.addEventListener(type, handler, options)
  return () => target.removeEventListener(type, handler, options)
}

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export const focusableIn = (root: Element) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  )

/**
 * A modal <dialog> makes the page behind it inert, but Tab still walks on past its last control to
 * the browser's own; this wraps Tab at its first and last controls so that focus stays in the
 * dialog. Returns the function that stops it.
 */
export function keepTabIn(dialog: HTMLElement): () => void {
  return listen(dialog, 'keydown', (event) => {
    if (event.key !== 'Tab') return
    const controls = focusableIn(dialog)
    const [first, last] = [controls[0], controls[controls.length - 1]]
    if (!first || document.activeElement !== (event.shiftKey ? first : last)) return
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  })
}
