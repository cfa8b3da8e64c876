// The site's request helper: every non-GET request to our own origin carries the anti-forgery token.
import { CSRF_ENDPOINT, CSRF_HEADER, type CsrfTokenResponse } from './csrfProtocol'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

let tokenRequest: Promise<string | null> | null = null

/**
 * This visitor's anti-forgery token, asked of the server once per page load (the server sets the
 * matching cookie). A failed request is asked again next time.
 */
export function csrfToken(): Promise<string | null> {
  tokenRequest ??= fetch(CSRF_ENDPOINT, { credentials: 'same-origin', cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<Partial<CsrfTokenResponse>>) : null))
    .then((body) => (typeof body?.token === 'string' && body.token ? body.token : null))
    .catch(() => null)
    .then((token) => {
      if (!token) tokenRequest = null
      return token
    })
  return tokenRequest
}

/** Whether a request must carry the token: a state-changing method sent to the page's own origin. */
export function needsCsrfToken(method: string, url: string, pageOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false
  try {
    return new URL(url, pageOrigin).origin === pageOrigin
  } catch {
    return false
  }
}

export type SiteFetchInit = RequestInit & { timeoutMs?: number }

/** Thrown (as the rejection's `name`) when a request outlives its `timeoutMs`. */
export const TIMEOUT_ERROR_NAME = 'TimeoutError'

/** fetch with the CSRF header on same-origin writes and an optional time limit. */
export async function siteFetch(url: string, init: SiteFetchInit = {}): Promise<Response> {
  const { timeoutMs, ...rest } = init
  const method = rest.method ?? 'GET'
  const headers = new Headers(rest.headers)
  if (needsCsrfToken(method, url, window.location.origin)) {
    const token = await csrfToken()
    if (token) headers.set(CSRF_HEADER, token)
  }

  const controller = new AbortController()
  const outer = rest.signal
  const abortFromOuter = () => controller.abort(outer?.reason)
  if (outer) {
    if (outer.aborted) abortFromOuter()
    else outer.addEventListener('abort', abortFromOuter, { once: true })
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(
          () => controller.abort(new DOMException('The request took too long.', TIMEOUT_ERROR_NAME)),
          timeoutMs,
        )
  try {
    return await fetch(url, { credentials: 'same-origin', ...rest, method, headers, signal: controller.signal })
  } catch (error) {
    // fetch rejects with the abort reason; keep the timeout recognisable by name.
    throw controller.signal.aborted && controller.signal.reason instanceof DOMException
      ? controller.signal.reason
      : error
  } finally {
    clearTimeout(timer)
    outer?.removeEventListener('abort', abortFromOuter)
  }
}
