import type { Payload } from 'payload'
import { altchaProvider } from './altcha'
import { captchaReplayGuard } from './replayGuard'
import { siteverifyProvider } from './siteverify'
import type { CaptchaProvider } from './types'

export type { CaptchaProvider, CaptchaProviderName } from './types'

/** The provider chosen in site settings, or null when the site runs without a captcha. */
export async function configuredCaptcha(payload: Payload): Promise<CaptchaProvider | null> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const { provider, secretKey, siteKey } = settings.captcha ?? {}
  switch (provider ?? 'altcha') {
    case 'altcha':
      return altchaProvider(captchaReplayGuard(payload))
    case 'recaptcha':
    case 'turnstile':
    case 'hcaptcha':
      return siteverifyProvider(provider as 'recaptcha' | 'turnstile' | 'hcaptcha', secretKey ?? '', siteKey)
    default:
      return null
  }
}

/**
 * Whether a no-JavaScript post without a proof-of-work answer is kept for review by hand
 * (site setting, on unless turned off) rather than refused.
 */
export async function holdsPostsWithoutJavaScript(payload: Payload): Promise<boolean> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  return settings.captcha?.holdWithoutJavaScript !== false
}
