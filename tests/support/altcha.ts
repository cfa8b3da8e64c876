import { solveChallenge } from 'altcha-lib/v1'
import { GET as challengeRoute } from '@/app/(site)/api/captcha/challenge/route'
import { createAltchaChallenge } from '@/contact/captcha/altcha'

let visitors = 0

/** A challenge as the endpoint serves it, fetched as a visitor of its own so that its limit never decides another test. */
export function fetchChallenge(): Promise<Response> {
  visitors = (visitors + 1) % 250
  const address = `198.51.100.${visitors + 1}`
  return challengeRoute(
    new Request('http://site.test/api/captcha/challenge', { headers: { 'x-forwarded-for': address } }),
  )
}

/** What the browser widget does: fetch a challenge, find the number, send the base64 payload. */
export async function solvedAltcha(now?: number): Promise<string> {
  const challenge =
    now === undefined ? await (await fetchChallenge()).json() : await createAltchaChallenge(undefined, now)
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise
  if (!solution) throw new Error('challenge not solved')
  const answer = { ...challenge, number: solution.number }
  delete (answer as { maxnumber?: number }).maxnumber
  return Buffer.from(JSON.stringify(answer)).toString('base64')
}
