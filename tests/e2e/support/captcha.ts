import type { APIRequestContext } from '@playwright/test'
import { solveChallenge } from 'altcha-lib/v1'
import { CAPTCHA_CHALLENGE_ENDPOINT } from '../../../src/contact/protocol'

/** What the proof-of-work widget does in a visitor's browser: fetch a challenge from `origin` and solve it. */
export async function solvedCaptcha(request: APIRequestContext, origin = ''): Promise<string> {
  const challenge = await (await request.get(`${origin}${CAPTCHA_CHALLENGE_ENDPOINT}`)).json()
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise
  const answer = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution!.number,
    salt: challenge.salt,
    signature: challenge.signature,
  }
  return Buffer.from(JSON.stringify(answer)).toString('base64')
}
