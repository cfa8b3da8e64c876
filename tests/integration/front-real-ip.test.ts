// The visitor's address behind a load balancer or CDN (install --trusted-proxies): Debian's nginx as
// the front, rendered from the template with a trusted proxy, before the site's own request listener,
// which trusts only the front (TRUST_PROXY), over real HTTP on loopback. A proxy's X-Forwarded-For names
// the visitor a per-address limit counts; the same header from anyone else counts for nothing.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realIpLines } from '../../deploy/lib/frontNeighbours.mjs'
import { answerChallenge, CAPTCHA_CHALLENGE_RATE_LIMIT } from '@/contact/captcha/challengeEndpoint'
import { CAPTCHA_CHALLENGE_ENDPOINT } from '@/contact/protocol'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { serveOutsideNext } from '@/server/routesOutsideNext'
import { startFront } from '../support/front'
import { listenOnLoopback } from '../support/handlerServer'
import { freePort } from '../support/ports'

/** The load balancer before the front: its connections come from this address. */
const TRUSTED_PROXY = '127.0.0.1'
/** Anyone else reaching the front straight (a loopback address too: Linux answers all of 127.0.0.0/8). */
const STRANGER = '127.0.0.2'
/** Visitors as the load balancer names them (documentation addresses, RFC 5737). */
const VISITOR = '203.0.113.7'
const OTHER_VISITOR = '203.0.113.8'

let front: Awaited<ReturnType<typeof startFront>>
let app: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  serveOutsideNext('GET', CAPTCHA_CHALLENGE_ENDPOINT, answerChallenge)
  app = await listenOnLoopback(
    siteRequestListener({
      handle: (_req, res) => {
        res.statusCode = 404
        res.end()
      },
      // As a server's site.env says: the front on this machine, no one else.
      trust: proxyTrustFrom('127.0.0.1'),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
  front = await startFront({
    appPort: Number(new URL(app.url).port),
    port: await freePort(),
    httpsPort: await freePort(),
    media: { inBucket: true },
    trustedProxies: [TRUSTED_PROXY],
  })
}, 60_000)

afterAll(async () => {
  await front?.stop()
  await app?.close()
})

const challenge = (forwardedFor: string, from: string) =>
  front.get(CAPTCHA_CHALLENGE_ENDPOINT, { 'X-Forwarded-For': forwardedFor }, from)

/** Asks until refused (at most twice the burst); how many were served. */
async function servedUntilRefused(ask: (i: number) => ReturnType<typeof challenge>) {
  for (let i = 0; i < CAPTCHA_CHALLENGE_RATE_LIMIT.burst * 2; i++) {
    const answer = await ask(i)
    if (answer.status === 429) return i
    expect(answer.status).toBe(200)
  }
  throw new Error('never refused')
}

describe('behind a trusted proxy, the front takes the visitor from X-Forwarded-For', () => {
  it('believes the header only from the proxies install names, the last address not theirs (nginx realip)', () => {
    const conf = fs.readFileSync(path.join(front.dir, 'nginx.conf'), 'utf8')
    expect(conf.match(/^\s*(set_real_ip_from|real_ip_header|real_ip_recursive) .*;$/gm)?.map((l) => l.trim())).toEqual([
      `set_real_ip_from ${TRUSTED_PROXY};`,
      'real_ip_header X-Forwarded-For;',
      'real_ip_recursive on;',
    ])
    // A front with no proxy before it has none of these: the connection is the visitor.
    expect(realIpLines([])).not.toMatch(/^\s*(set_real_ip_from|real_ip_header)/m)
  })

  it('limits a visitor the proxy names as that visitor, and another visitor the proxy names keeps their own allowance', async () => {
    // A visitor's own header arrives at the proxy first, the proxy appends the address it saw.
    const served = await servedUntilRefused(() => challenge(`198.51.100.66, ${VISITOR}`, TRUSTED_PROXY))
    expect(served).toBeGreaterThanOrEqual(CAPTCHA_CHALLENGE_RATE_LIMIT.burst)
    expect(served).toBeLessThanOrEqual(CAPTCHA_CHALLENGE_RATE_LIMIT.burst + 1)
    expect((await challenge(VISITOR, TRUSTED_PROXY)).status).toBe(429)
    expect((await challenge(OTHER_VISITOR, TRUSTED_PROXY)).status).toBe(200)
  })

  it('ignores the header from a source it does not trust: the connection is the visitor, whatever it names', async () => {
    // Naming the visitor the proxy's requests used up: not that visitor's allowance, its own.
    expect((await challenge(VISITOR, STRANGER)).status).toBe(200)
    // A new name on every request buys no new allowance.
    const served = await servedUntilRefused((i) => challenge(`198.51.100.${(i % 250) + 1}`, STRANGER))
    expect(served).toBeLessThanOrEqual(CAPTCHA_CHALLENGE_RATE_LIMIT.burst + 1)
    expect((await challenge(OTHER_VISITOR, TRUSTED_PROXY)).status).toBe(200)
  })
})
