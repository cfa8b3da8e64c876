import type { Payload } from 'payload'
import { readCaptchaSettings } from '../settings/read'
import { altchaProvider } from './altcha'
import { captchaReplayGuard } from './replayGuard'
import { siteverifyProvider } from './siteverify'
import type { CaptchaVerifier } from './types'

export type { CaptchaProviderName, CaptchaVerdict, CaptchaVerifier } from './types'

/** The verifier of the provider chosen in site settings, or null when the site runs without a captcha. */
export async function configuredCaptcha(payload: Payload): Promise<CaptchaVerifier | null> {
  const { provider, secretKey, siteKey } = await readCaptchaSettings(payload)
  if (provider === null) return null
  return provider === 'altcha'
    ? altchaProvider(captchaReplayGuard(payload))
    : siteverifyProvider(provider, secretKey, siteKey)
}

/**
 * Whether a no-JavaScript post without a proof-of-work answer is kept for review by hand
 * (site setting, on unless turned off) rather than refused.
 */
export async function holdsPostsWithoutJavaScript(payload: Payload): Promise<boolean> {
  return (await readCaptchaSettings(payload)).holdWithoutJavaScript
}
