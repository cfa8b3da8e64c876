import type { Form, SiteSetting } from '@/payload-types'
import type { CaptchaConfig } from './captchaWidget'
import { captchaSettingsOf } from './settings/read'

/** The captcha a form shows: the provider from site settings, unless it is `none` or the form does not ask for one. */
export function captchaConfigFor(
  form: Pick<Form, 'captcha'>,
  settings: Pick<SiteSetting, 'captcha'>,
): CaptchaConfig | null {
  if (!form.captcha) return null
  const { provider, siteKey } = captchaSettingsOf(settings)
  return provider === null ? null : { provider, siteKey }
}
