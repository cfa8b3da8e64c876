import type { Payload } from 'payload'
import { readSiteSettings } from '@/content/siteSettingsReader'
import type { SiteSetting } from '@/payload-types'
import { CAPTCHA_PROVIDERS, type CaptchaProviderName } from '../protocol'

/** The self-hosted proof-of-work captcha: what a form asks for when site settings name no provider. */
export const DEFAULT_CAPTCHA_PROVIDER: CaptchaProviderName = 'altcha'

/** The captcha settings, typed, with their defaults filled in. */
export type CaptchaSettings = {
  /** null: the site runs without a captcha ("none"). */
  provider: CaptchaProviderName | null
  siteKey: string | null
  secretKey: string
  /** Whether a no-JavaScript post without a proof-of-work answer is kept for review by hand (on unless turned off). */
  holdWithoutJavaScript: boolean
}

const isProvider = (value: unknown): value is CaptchaProviderName =>
  (CAPTCHA_PROVIDERS as readonly unknown[]).includes(value)

export function captchaSettingsOf(settings: Pick<SiteSetting, 'captcha'>): CaptchaSettings {
  const provider = settings.captcha?.provider ?? DEFAULT_CAPTCHA_PROVIDER
  return {
    provider: isProvider(provider) ? provider : null,
    siteKey: settings.captcha?.siteKey ?? null,
    secretKey: settings.captcha?.secretKey ?? '',
    holdWithoutJavaScript: settings.captcha?.holdWithoutJavaScript !== false,
  }
}

/** The captcha settings as they stand (read through the instance's short settings memo). */
export async function readCaptchaSettings(payload: Payload): Promise<CaptchaSettings> {
  return captchaSettingsOf(await readSiteSettings(payload))
}
