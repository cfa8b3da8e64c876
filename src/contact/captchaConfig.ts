import type { Form, SiteSetting } from '@/payload-types'
import type { CaptchaConfig } from './captchaWidget'

/** The self-hosted proof-of-work captcha: what a form asks for when site settings name no provider. */
export const DEFAULT_CAPTCHA_PROVIDER = 'altcha'

/** The captcha a form shows: the provider from site settings, unless it is `none` or the form does not ask for one. */
export function captchaConfigFor(
  form: Pick<Form, 'captcha'>,
  settings: Pick<SiteSetting, 'captcha'>,
): CaptchaConfig | null {
  if (!form.captcha) return null
  const provider = settings.captcha?.provider ?? DEFAULT_CAPTCHA_PROVIDER
  if (provider === 'none') return null
  return { provider, siteKey: settings.captcha?.siteKey ?? null }
}
