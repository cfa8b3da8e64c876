import type { CAPTCHA_FORM_FIELDS } from '../protocol'

export type CaptchaProviderName = keyof typeof CAPTCHA_FORM_FIELDS

/** One way of telling people from robots; `verify` answers true only for a fresh, valid answer. */
export interface CaptchaProvider {
  readonly name: CaptchaProviderName
  verify(answer: string, context: { remoteIp?: string }): Promise<boolean>
}
