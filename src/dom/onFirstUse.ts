/** Events that show a visitor is about to use an element: its code starts loading on the first. */
export const FIRST_USE_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const

/** Attaches a behaviour to the page; returns what detaches it. */
export type Attach = () => () => void

/**
 * Keeps a behaviour's code off the page until the visitor reaches for its element: the module
 * loads on the first pointer or focus event on `target`, then attaches. A click that arrives
 * before the code does is held and replayed once it is attached, so nothing the visitor does is
 * lost (unless `holdClicks` is off, or the code cannot load: then the click is dropped and the
 * next reach loads again); with `holdSubmits`, a form's submit is held the same way
 * (see `holdEarlySubmits`); `afterAttach` may catch up on anything else (text typed while the
 * code loaded).
 */
export function attachOnFirstUse(
  target: HTMLElement | null,
  load: () => Promise<Attach>,
  {
    afterAttach,
    holdClicks = true,
    holdSubmits = false,
  }: { afterAttach?: () => void; holdClicks?: boolean; holdSubmits?: boolean } = {},
): () => void {
  if (!target) return () => {}
  let detach: (() => void) | undefined
  let stopped = false
  let loading: Promise<void> | undefined

  // A load that fails (a file lost to the network, or to a release that replaced it) is forgotten,
  // so the visitor's next reach tries again instead of meeting a dead control for good.
  const start = () =>
    (loading ??= load().then(
      (attach) => {
        if (stopped) return
        detach = attach()
        afterAttach?.()
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const ignoreFailure = () => {}
  const warm = () => void start().catch(ignoreFailure)
  const holdClick = (event: MouseEvent) => {
    if (detach) return
    event.preventDefault()
    event.stopImmediatePropagation()
    start().then(() => {
      if (!stopped) target.click()
    }, ignoreFailure)
  }

  for (const type of FIRST_USE_EVENTS) target.addEventListener(type, warm, { passive: true })
  if (holdClicks) target.addEventListener('click', holdClick)
  const releaseSubmits =
    holdSubmits && target instanceof HTMLFormElement
      ? holdEarlySubmits(target, start, () => detach !== undefined || stopped)
      : () => {}
  // A visitor who reached the element before this ran (focus or pointer already on it) gets it now.
  if (target.contains(document.activeElement) || target.matches(':hover')) warm()
  return () => {
    stopped = true
    for (const type of FIRST_USE_EVENTS) target.removeEventListener(type, warm)
    target.removeEventListener('click', holdClick)
    releaseSubmits()
    detach?.()
  }
}

/**
 * Holds a form's submit that arrives while its behaviour loads, and sends it again once the
 * behaviour is attached, so the visitor gets the site's own checks and messages rather than the
 * browser's bubbles. The browser checks a form before it fires `submit` and reports each invalid
 * field with an `invalid` event instead; both count as the visitor asking to send. If the code
 * cannot load, the submit is released to the browser's own path (its checks, then a plain post).
 */
function holdEarlySubmits(form: HTMLFormElement, load: () => Promise<void>, attached: () => boolean): () => void {
  let held = false
  let released = false
  let cancelled = false
  const hold = (event: Event) => {
    if (released || attached()) return
    event.preventDefault()
    event.stopImmediatePropagation()
    if (held) return // one send asked for: the browser fires `invalid` once per invalid field
    held = true
    const submitter = event instanceof SubmitEvent ? ownSubmitter(form, event.submitter) : null
    const send = () => {
      held = false
      if (!cancelled) form.requestSubmit(submitter)
    }
    load().then(send, () => {
      released = true
      send()
    })
  }
  form.addEventListener('submit', hold)
  // `invalid` does not bubble: caught on its way down to the field.
  form.addEventListener('invalid', hold, true)
  return () => {
    cancelled = true
    form.removeEventListener('submit', hold)
    form.removeEventListener('invalid', hold, true)
  }
}

/** The button that sent the form, when it still belongs to it (requestSubmit refuses any other). */
function ownSubmitter(form: HTMLFormElement, submitter: HTMLElement | null): HTMLElement | null {
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null
  return button?.form === form ? button : null
}

/** Longest wait for an idle moment before a behaviour kept off the page's start attaches anyway. */
export const IDLE_ATTACH_TIMEOUT_MS = 4000

/**
 * Keeps a behaviour that nothing needs before the page settles (it follows what loads after idle,
 * such as the chat) off the page's start: it attaches at the first idle moment. Its code is small
 * and comes with the page's, so waiting costs no request.
 */
export function attachAfterIdle(attach: Attach): () => void {
  let detach: (() => void) | undefined
  const start = () => {
    detach = attach()
  }
  let cancel: () => void
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(start, { timeout: IDLE_ATTACH_TIMEOUT_MS })
    cancel = () => window.cancelIdleCallback(handle)
  } else {
    const handle = window.setTimeout(start, 0)
    cancel = () => window.clearTimeout(handle)
  }
  return () => {
    cancel()
    detach?.()
  }
}
