import type { CaptchaProviderName, CaptchaVerifier } from './types'

/** Official verification endpoints; each can be pointed elsewhere by its env variable. */
export const SITEVERIFY_URLS = {
  recaptcha: { env: 'RECAPTCHA_VERIFY_URL', url: 'https://www.google.com/recaptcha/api/siteverify' },
  turnstile: { env: 'TURNSTILE_VERIFY_URL', url: 'https://challenges.cloudflare.com/turnstile/v0/siteverify' },
  hcaptcha: { env: 'HCAPTCHA_VERIFY_URL', url: 'https://api.hcaptcha.com/siteverify' },
} as const

/** A third party that does not answer within this time counts as a failed check. */
export const SITEVERIFY_TIMEOUT_MS = 5_000
/** Tokens of all three are far shorter; anything longer is not one. */
const MAX_TOKEN_LENGTH = 4096

type ThirdParty = keyof typeof SITEVERIFY_URLS & CaptchaProviderName

export function siteverifyUrl(provider: ThirdParty): string {
  const { env, url } = SITEVERIFY_URLS[provider]
  return process.env[env] || url
}

/**
 * reCAPTCHA, Turnstile and hCaptcha share one protocol: POST secret, response and remoteip as a
 * form, get JSON with `success`. Each rejects a token it has seen before.
 */
export function siteverifyProvider(name: ThirdParty, secret: string, siteKey?: string | null): CaptchaVerifier {
  return {
    name,
    async verify(answer, { remoteIp }) {
      if (!secret || !answer || answer.length > MAX_TOKEN_LENGTH) return false
      const form = new URLSearchParams({ secret, response: answer })
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp)
      if (name === 'hcaptcha' && siteKey) form.set('sitekey', siteKey)
      try {
        const response = await fetch(siteverifyUrl(name), {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        })
        if (!response.ok) {
          console.error(`captcha ${name}: siteverify answered ${response.status}`)
          return false
        }
        const result = (await response.json()) as { success?: unknown; 'error-codes'?: unknown }
        if (result.success !== true) console.warn(`captcha ${name}: refused`, result['error-codes'])
        return result.success === true
      } catch (error) {
        console.error(`captcha ${name}: siteverify unreachable`, error)
        return false
      }
    },
  }
}
