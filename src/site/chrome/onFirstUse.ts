/** Events that show a visitor is about to use an element: its code starts loading on the first. */
export const FIRST_USE_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const

type Attach = () => () => void

/**
 * Keeps a behaviour's code off the page until the visitor reaches for its element: the module
 * loads on the first pointer or focus event on `target`, then attaches. A click that arrives
 * before the code does is held and replayed once it is attached, so nothing the visitor does is
 * lost (unless `holdClicks` is off); `afterAttach` may catch up on anything else (text typed while
 * the code loaded).
 */
export function attachOnFirstUse(
  target: HTMLElement | null,
  load: () => Promise<Attach>,
  { afterAttach, holdClicks = true }: { afterAttach?: () => void; holdClicks?: boolean } = {},
): () => void {
  if (!target) return () => {}
  let detach: (() => void) | undefined
  let stopped = false
  let loading: Promise<void> | undefined

  const start = () =>
    (loading ??= load().then((attach) => {
      if (stopped) return
      detach = attach()
      afterAttach?.()
    }))
  const warm = () => void start()
  const holdClick = (event: MouseEvent) => {
    if (detach) return
    event.preventDefault()
    event.stopImmediatePropagation()
    void start().then(() => {
      if (!stopped) target.click()
    })
  }

  for (const type of FIRST_USE_EVENTS) target.addEventListener(type, warm, { passive: true })
  if (holdClicks) target.addEventListener('click', holdClick)
  // A visitor who reached the element before this ran (focus or pointer already on it) gets it now.
  if (target.contains(document.activeElement) || target.matches(':hover')) warm()
  return () => {
    stopped = true
    for (const type of FIRST_USE_EVENTS) target.removeEventListener(type, warm)
    target.removeEventListener('click', holdClick)
    detach?.()
  }
}
