/**
 * The visitor's chat cookie is made by the server on the first request that comes without one. Two
 * such requests at once (the page's identify call and the stream opened by a click) would each get a
 * token of their own: the chat started under one while the stream listened under the other, and the
 * visitor never saw it start. So until one request of this page has been answered by the server
 * (its cookie, new or old, is then the browser's), requests go one at a time, in the order asked,
 * each waiting at most VISITOR_IDENTITY_WAIT_MS for the one before.
 */
/** How long a request waits for the earlier ones before it goes anyway (a stuck one holds up no other). */
export const VISITOR_IDENTITY_WAIT_MS = 5_000

export function visitorIdentityGate(waitMs = VISITOR_IDENTITY_WAIT_MS) {
  let known = false
  let last: Promise<unknown> = Promise.resolve()
  /**
   * Runs `send` once every earlier request has been answered, or at once when one already was;
   * `answered` says whether its result came from the server (a refusal before any cookie was set,
   * or no connection at all, leaves the next request to try).
   */
  return function afterVisitorKnown<Result>(send: () => Promise<Result>, answered: (result: Result) => boolean) {
    if (known) return send()
    const result = withinBound(last, waitMs).then(send)
    last = result.then(
      (value) => {
        if (answered(value)) known = true
      },
      () => {},
    )
    return result
  }
}

/** The page's one gate: every request of the visitor widget goes through it. */
export const afterVisitorKnown = visitorIdentityGate()

/** `earlier` settled, or `ms` passed, whichever comes first. */
function withinBound(earlier: Promise<unknown>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return Promise.race([earlier, waited]).finally(() => clearTimeout(timer))
}
