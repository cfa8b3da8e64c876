import { solveChallenge } from 'altcha-lib/v1'
import { GET as challengeRoute } from '@/app/(site)/api/captcha/challenge/route'
import { createAltchaChallenge } from '@/contact/captcha/altcha'

/** What the browser widget does: fetch a challenge, find the number, send the base64 payload. */
export async function solvedAltcha(now?: number): Promise<string> {
  const challenge =
    now === undefined ? await (await challengeRoute()).json() : await createAltchaChallenge(undefined, now)
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise
  if (!solution) throw new Error('challenge not solved')
  const answer = { ...challenge, number: solution.number }
  delete (answer as { maxnumber?: number }).maxnumber
  return Buffer.from(JSON.stringify(answer)).toString('base64')
}
