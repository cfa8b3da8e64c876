import type { CaptchaProviderName } from '../protocol'

export type { CaptchaProviderName }

/**
 * What one captcha check found:
 * - `passed`: a fresh, valid answer;
 * - `refused`: a wrong, expired, replayed or malformed answer (the provider said no);
 * - `unavailable`: the check itself could not be made: the third party's `service` unreachable, slow,
 *   answering an error or something unreadable, or our own `storage` of spent answers failing.
 *   `reason` is plain words for the inbox, `cause` is for the log.
 */
export type CaptchaVerdict =
  | { outcome: 'passed' }
  | { outcome: 'refused' }
  | { outcome: 'unavailable'; failed: 'service' | 'storage'; reason: string; cause: unknown }

export const CAPTCHA_PASSED: CaptchaVerdict = { outcome: 'passed' }
export const CAPTCHA_REFUSED: CaptchaVerdict = { outcome: 'refused' }

/** One way of telling people from robots. */
export interface CaptchaVerifier {
  readonly name: CaptchaProviderName
  verify(answer: string, context: { remoteIp?: string }): Promise<CaptchaVerdict>
}
