import { NO_THIRD_PARTY, type ThirdPartySources } from './thirdPartySources'

/**
 * Who may frame a response: nobody, or (for a page previewed in draft mode, which the admin's
 * live-preview pane shows) this origin only.
 */
export type FrameAncestors = 'none' | 'self'
export const X_FRAME_OPTIONS: Record<FrameAncestors, string> = { none: 'DENY', self: 'SAMEORIGIN' }

/** Headers every response carries, whatever serves it. */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': X_FRAME_OPTIONS.none,
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/**
 * The policy of a page the server writes without scripts (the no-JavaScript form's answer, the
 * maintenance page): its own inline styles and images from this site, nothing else runs.
 */
export const SCRIPTLESS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

export const HSTS_VALUE = 'max-age=63072000; includeSubDomains'

/** A CSP source for an inline script: the SHA-256 of its exact text. */
export type ScriptHash = `'sha256-${string}'`

/**
 * A page's Content-Security-Policy. Inline scripts run only when their hash is listed (the hashes
 * of the page's own inline scripts, so a page stays the same for every visitor and any cache may
 * keep it with its header); script files come from this origin and the configured third parties'
 * hosts. Styles allow inline attributes, which React's style props and the admin need. Framing is
 * refused unless `frameAncestors` is 'self'.
 * `thirdParty` holds the hosts of the configured third parties (tags, captcha, chat), per
 * directive, and nothing else.
 */
export function contentSecurityPolicy({
  scriptHashes = [] as readonly ScriptHash[],
  dev = false,
  https = false,
  thirdParty = NO_THIRD_PARTY as ThirdPartySources,
  frameAncestors = 'none' as FrameAncestors,
} = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...thirdParty.script, ...(dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...thirdParty.style],
    'img-src': ["'self'", 'data:', 'blob:', ...thirdParty.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...thirdParty.connect, ...(dev ? ['ws:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'media-src': ["'self'"],
    'frame-src': ["'self'", ...thirdParty.frame],
    'frame-ancestors': [`'${frameAncestors}'`],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`)
  if (https) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

export function isHttpsRequest(url: string, forwardedProto: string | null): boolean {
  return url.startsWith('https:') || forwardedProto?.split(',')[0]?.trim() === 'https'
}
