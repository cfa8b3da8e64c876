/** A progress counter counts from 0 to its value over this long, linearly (docs/constants.md). */
export const PROGRESS_ANIMATION_MS = 2000

/** The whole-number value a counter shows `elapsedMs` after it started counting to `target`. */
export function progressAt(elapsedMs: number, target: number, durationMs = PROGRESS_ANIMATION_MS): number {
  if (!(elapsedMs > 0)) return 0
  if (elapsedMs >= durationMs) return target
  return Math.floor((target * elapsedMs) / durationMs)
}

/** The percentage in a `data-progress` attribute, kept within 0..100; null when it is not a number. */
export function parseProgress(raw: string | null | undefined): number | null {
  if (raw == null || raw.trim() === '') return null
  const value = Number(raw)
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : null
}

/** Set on a counter once its script writes its value: from then on CSS no longer draws the start value (widgets.css). */
const COUNTING_ATTRIBUTE = 'data-counting'

const show = (counter: HTMLElement, value: number) => {
  counter.setAttribute(COUNTING_ATTRIBUTE, '')
  const text = counter.querySelector<HTMLElement>('.progress-value')
  const bar = counter.querySelector<HTMLElement>('.progress-bar')
  if (text) text.textContent = `${value}%`
  if (bar) bar.style.width = `${value}%`
}

/**
 * Animates every `[data-progress]` counter under `root` once it comes into view. The server
 * renders both the start and the final value and CSS shows the start only where this will count
 * (scripts on, motion allowed), so a counter never goes backwards; under reduced motion it keeps
 * the final value. `aria-valuenow` always holds the real value,
 * so assistive technology is not fed the intermediate numbers.
 */
export function attachProgressCounters(root: HTMLElement): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {}
  if (!('IntersectionObserver' in window)) {
    // CSS drew the start value for a script that cannot count here: show the real one.
    for (const counter of root.querySelectorAll<HTMLElement>('[data-progress]')) {
      const target = parseProgress(counter.dataset.progress)
      if (target !== null) show(counter, target)
    }
    return () => {}
  }
  const frames = new Set<number>()
  const targets = new Map<Element, number>()
  for (const counter of root.querySelectorAll<HTMLElement>('[data-progress]')) {
    const target = parseProgress(counter.dataset.progress)
    if (target === null) continue
    targets.set(counter, target)
    show(counter, 0)
  }

  const count = (counter: HTMLElement, target: number) => {
    const startedAt = performance.now()
    const step = (now: number) => {
      const value = progressAt(now - startedAt, target)
      show(counter, value)
      if (value < target) frames.add(requestAnimationFrame(step))
    }
    frames.add(requestAnimationFrame(step))
  }

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const target = targets.get(entry.target)
      if (!entry.isIntersecting || target === undefined) continue
      observer.unobserve(entry.target)
      count(entry.target as HTMLElement, target)
    }
  })
  targets.forEach((_, counter) => observer.observe(counter))

  return () => {
    observer.disconnect()
    frames.forEach((frame) => cancelAnimationFrame(frame))
    // A counter left half-way (page change mid-animation) shows its real value again.
    targets.forEach((target, counter) => show(counter as HTMLElement, target))
  }
}
