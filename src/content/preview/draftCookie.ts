/** The cookie Next sets when draft mode is on (its value is checked by Next, not here). */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'

const DRAFT_MODE_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${DRAFT_MODE_COOKIE}=[^;\\s]`)

/** Whether a request's Cookie header carries a draft-mode cookie with a value. */
export function carriesDraftModeCookie(cookieHeader: string | string[] | undefined | null): boolean {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '')
  return DRAFT_MODE_COOKIE_PATTERN.test(header)
}
