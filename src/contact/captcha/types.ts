import type { CaptchaProviderName } from '../protocol'

export type { CaptchaProviderName }

/** One way of telling people from robots; `verify` answers true only for a fresh, valid answer. */
export interface CaptchaVerifier {
  readonly name: CaptchaProviderName
  verify(answer: string, context: { remoteIp?: string }): Promise<boolean>
}
