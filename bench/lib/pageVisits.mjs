// How the deploy checks (bench/deploy.mjs, tests/e2e/front/6-deploys.spec.ts) ask for pages during a deploy:
// as a browser would, and which release answered.

/** What `releaseOf` says of an instance that runs the checkout itself (no deploy yet). */
export const CHECKOUT_RELEASE = 'checkout'

/**
 * Whether a request failed on a kept-alive connection the server had closed (undici's
 * UND_ERR_SOCKET): a browser sends it once more, on a new connection.
 * @param {unknown} error
 * @returns {boolean}
 */
export const onClosedConnection = (error) =>
  /** @type {{ cause?: { code?: string } } | undefined} */ (error)?.cause?.code === 'UND_ERR_SOCKET'

/**
 * The release an instance serves: the deployment id its page names its scripts with.
 * @param {string} appOrigin
 * @returns {Promise<string>}
 */
export async function releaseOf(appOrigin) {
  const html = await (await fetch(`${appOrigin}/`)).text()
  return /[?&]dpl=([\w-]+)/.exec(html)?.[1] ?? CHECKOUT_RELEASE
}

/**
 * A page as a browser asks for it, read to its end: when the kept-alive connection the request
 * went out on turns out closed by the server (nginx closes its idle ones when it reloads, and a
 * request can cross that close), it goes once more on a new connection, as browsers do. A refusal
 * or a timeout (`timeoutMs`) is not retried: it throws. Says the status and whether it was sent again.
 * @param {string} url
 * @param {number} timeoutMs
 * @returns {Promise<{ status: number, sentAgain: boolean }>}
 */
export async function visitPage(url, timeoutMs) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      await response.arrayBuffer()
      return { status: response.status, sentAgain: attempt > 1 }
    } catch (error) {
      if (attempt > 1 || !onClosedConnection(error)) throw error
    }
  }
}
