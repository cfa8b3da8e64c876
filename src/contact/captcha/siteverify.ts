import {
  CAPTCHA_PASSED,
  CAPTCHA_REFUSED,
  type CaptchaProviderName,
  type CaptchaVerdict,
  type CaptchaVerifier,
} from './types'

/** Official verification endpoints (each can be pointed elsewhere by its env variable), and the service's name. */
export const SITEVERIFY_URLS = {
  recaptcha: {
    env: 'RECAPTCHA_VERIFY_URL',
    url: 'https://www.google.com/recaptcha/api/siteverify',
    service: 'Google reCAPTCHA',
  },
  turnstile: {
    env: 'TURNSTILE_VERIFY_URL',
    url: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    service: 'Cloudflare Turnstile',
  },
  hcaptcha: { env: 'HCAPTCHA_VERIFY_URL', url: 'https://api.hcaptcha.com/siteverify', service: 'hCaptcha' },
} as const

/** A third party that does not answer within this time counts as unavailable, not as a refusal. */
export const SITEVERIFY_TIMEOUT_MS = 5_000
/** Tokens of all three are far shorter; anything longer is not one. */
export const SITEVERIFY_MAX_TOKEN_LENGTH = 4096

type ThirdParty = keyof typeof SITEVERIFY_URLS & CaptchaProviderName

export function siteverifyUrl(provider: ThirdParty): string {
  const { env, url } = SITEVERIFY_URLS[provider]
  return process.env[env] || url
}

/**
 * reCAPTCHA, Turnstile and hCaptcha share one protocol: POST secret, response and remoteip as a
 * form, get JSON with `success`. Each rejects a token it has seen before. Only the service's own
 * `success: false` refuses a well-formed token; a service that cannot be asked is `unavailable`.
 */
export function siteverifyProvider(name: ThirdParty, secret: string, siteKey?: string | null): CaptchaVerifier {
  const { service } = SITEVERIFY_URLS[name]
  const unavailable = (what: string, cause: unknown): CaptchaVerdict => ({
    outcome: 'unavailable',
    failed: 'service',
    reason: `the captcha service (${service}) ${what}`,
    cause,
  })
  return {
    name,
    async verify(answer, { remoteIp }) {
      if (!secret || !answer || answer.length > SITEVERIFY_MAX_TOKEN_LENGTH) return CAPTCHA_REFUSED
      const form = new URLSearchParams({ secret, response: answer })
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp)
      if (name === 'hcaptcha' && siteKey) form.set('sitekey', siteKey)
      let response: Response
      try {
        response = await fetch(siteverifyUrl(name), {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        })
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
        return unavailable(
          timedOut ? `did not answer within ${SITEVERIFY_TIMEOUT_MS / 1000} seconds` : 'could not be reached',
          error,
        )
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        return unavailable(
          `answered with an error (HTTP ${response.status})`,
          new Error(`siteverify answered ${response.status}`),
        )
      }
      let result: { success?: unknown; 'error-codes'?: unknown } | null
      try {
        result = (await response.json()) as typeof result
      } catch (error) {
        return unavailable('sent an answer that could not be read', error)
      }
      if (result?.success === true) return CAPTCHA_PASSED
      if (result?.success !== false)
        return unavailable('sent an answer that could not be read', new Error('siteverify answered without `success`'))
      console.warn(`captcha ${name}: refused`, result['error-codes'])
      return CAPTCHA_REFUSED
    },
  }
}
