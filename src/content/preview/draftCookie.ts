import { DRAFT_MODE_COOKIE } from '@/platform/next/requests'

export { DRAFT_MODE_COOKIE }

const DRAFT_MODE_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${DRAFT_MODE_COOKIE}=[^;\\s]`)

/** Whether a request's Cookie header carries a draft-mode cookie with a value. */
export function carriesDraftModeCookie(cookieHeader: string | string[] | undefined | null): boolean {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '')
  return DRAFT_MODE_COOKIE_PATTERN.test(header)
}
