import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus } from '@/chat/server/live/bus'
import { ChatHub } from '@/chat/server/live/hub'
import { eventStreamResponse } from '@/chat/server/live/sse'
import { dependenciesUp } from '@/platform/health'
import { countWaitingEmails, runContactQueue } from '@/contact/delivery/runner'
import { METRIC, METRICS_PROBE_TIMEOUT_MS, measureDependencies, ROUTE_CLASS, siteMetrics } from '@/metrics/siteMetrics'
import { measureBackupAndCertificateOf } from '@/operations/doctor/metrics'
import { closeSharedRedis } from '@/security/redis'
import { proxyTrustFrom } from '@/server/clientAddress'
import { METRICS_PATH } from '@/server/metrics'
import { siteRequestListener } from '@/server/requestListener'
import { archiveName } from '../../scripts/lib/backupArchives.mjs'
import { payload, restartSmtpOn, setUpDeliverySuite, smtp, submit } from '../support/contactDelivery'
import { makeCertificate } from '../support/front'
import { freePort } from '../support/ports'
import { startTempRedis, type TempRedis } from '../support/redis'

setUpDeliverySuite()

/** This suite's ports (the site's server, and the Redis it kills and brings back). */
const [SERVER_PORT, REDIS_PORT, SMTP_PORT] = [await freePort(), await freePort(), await freePort()]
const BASE = `http://127.0.0.1:${SERVER_PORT}`
const TOKEN = 'metrics-token-for-the-suite'
/** How soon a gauge follows a part that went down or came back. */
const FOLLOWS_WITHIN_MS = 10_000

/** Next's part, standing in: a page it renders once and then answers from its cache, a chat stream, an API answer. */
const hub = new ChatHub(createInProcessBus())
let renders = 0
function nextStandIn(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.url === '/deeds') {
    res.statusCode = 200
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400, stale-while-revalidate=31449600')
    res.setHeader('x-nextjs-cache', renders++ === 0 ? 'MISS' : 'HIT')
    res.end('<!doctype html><html><body><h1>Deeds</h1></body></html>')
    return
  }
  if (req.url === '/api/chat/stream') {
    const controller = new AbortController()
    res.on('close', () => controller.abort())
    const stream = eventStreamResponse({
      hub,
      signal: controller.signal,
      lastEventId: 0,
      replay: async () => [],
      accepts: () => true,
      opening: async () => [],
    })
    res.writeHead(200, Object.fromEntries(stream.headers))
    void (async () => {
      const reader = stream.body!.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) res.write(read.value)
      res.end()
    })()
    return
  }
  res.statusCode = 404
  res.end('not here')
}

let server: http.Server
let redis: TempRedis | null = null
const savedToken = process.env.METRICS_TOKEN

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN
  server = http.createServer(
    siteRequestListener({
      handle: nextStandIn,
      trust: proxyTrustFrom('127.0.0.1'),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
  await new Promise<void>((resolve) => server.listen(SERVER_PORT, '127.0.0.1', resolve))
})

afterAll(async () => {
  if (savedToken === undefined) delete process.env.METRICS_TOKEN
  else process.env.METRICS_TOKEN = savedToken
  await closeSharedRedis()
  redis?.stop()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE}${METRICS_PATH}`, { headers, signal: AbortSignal.timeout(5_000) })
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

/** A sample's value in the text format, or null when the series has no such sample. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = (match[2] ?? '').split(',').filter(Boolean)
    if (wanted.every((label) => has.includes(label)) && has.length === wanted.length) return Number(match[3])
  }
  return null
}

const valueNow = async (name: string, labels: Record<string, string> = {}) =>
  sample((await scrape()).text, name, labels) ?? 0

describe('GET /metrics on the site’s own server', () => {
  it('answers loopback in Prometheus’s text format, and a page asked twice counts twice, the second from the cache', async () => {
    const page = { route_class: ROUTE_CLASS.page, status: '200' }
    const before = (await scrape()).text
    const [requests, hits, misses] = [
      sample(before, METRIC.requests, page) ?? 0,
      sample(before, METRIC.pageCacheHits) ?? 0,
      sample(before, METRIC.pageCacheMisses) ?? 0,
    ]
    for (let i = 0; i < 2; i++) expect((await fetch(`${BASE}/deeds`)).status).toBe(200)
    expect((await fetch(`${BASE}/api/nothing`)).status).toBe(404)

    const after = await scrape()
    expect(after.status).toBe(200)
    expect(after.type).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(after.text).toContain(`# TYPE ${METRIC.requests} counter`)
    expect(after.text).toContain(`# TYPE ${METRIC.requestDuration} histogram`)
    expect(sample(after.text, METRIC.requests, page)).toBe(requests + 2)
    expect(sample(after.text, METRIC.requests, { route_class: ROUTE_CLASS.api, status: '404' })).toBeGreaterThanOrEqual(
      1,
    )
    expect(sample(after.text, METRIC.pageCacheMisses)).toBe(misses + 1)
    expect(sample(after.text, METRIC.pageCacheHits)).toBe(hits + 1)
    expect(
      sample(after.text, `${METRIC.requestDuration}_count`, { route_class: ROUTE_CLASS.page }),
    ).toBeGreaterThanOrEqual(2)
    // Reading the metrics is not traffic.
    expect(after.text).not.toContain('route_class="other"')
  })

  it('is 404 to a request that came through the front or bears a wrong token, and 200 with METRICS_TOKEN', async () => {
    const throughFront = { 'X-Forwarded-For': '203.0.113.7' }
    expect((await scrape(throughFront)).status).toBe(404)
    expect((await scrape({ ...throughFront, Authorization: 'Bearer not-the-token' })).status).toBe(404)
    expect((await scrape({ ...throughFront, Authorization: `Bearer ${TOKEN}x` })).status).toBe(404)
    const allowed = await scrape({ ...throughFront, Authorization: `Bearer ${TOKEN}` })
    expect(allowed.status).toBe(200)
    expect(allowed.text).toContain(METRIC.requests)
  })

  it('counts the chat streams open, and one fewer once its visitor leaves', async () => {
    const open = await valueNow(METRIC.chatOpenStreams)
    const controller = new AbortController()
    const stream = await fetch(`${BASE}/api/chat/stream`, { signal: controller.signal })
    expect(stream.headers.get('content-type')).toContain('event-stream')
    await expect.poll(() => valueNow(METRIC.chatOpenStreams), { timeout: 5_000 }).toBe(open + 1)
    controller.abort()
    await expect.poll(() => valueNow(METRIC.chatOpenStreams), { timeout: 5_000 }).toBe(open)
  })

  it('shows the contact emails waiting and each failed attempt, and the queue empty once the mail server takes them', async () => {
    siteMetrics().measureOutboxDepth(() => countWaitingEmails(payload))
    const failures = await valueNow(METRIC.mailDeliveryFailures)
    // The mail server is down: nothing listens where SMTP_URL points.
    await smtp.close()
    process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`
    await submit({ name: 'Waiting Mail' })
    expect(await valueNow(METRIC.mailOutboxDepth)).toBe(1)

    await runContactQueue(payload)
    expect(await valueNow(METRIC.mailDeliveryFailures)).toBe(failures + 1)
    expect(await valueNow(METRIC.mailOutboxDepth)).toBe(1)

    await restartSmtpOn(SMTP_PORT)
    await expect
      .poll(
        async () => {
          await runContactQueue(payload)
          return valueNow(METRIC.mailOutboxDepth)
        },
        { timeout: FOLLOWS_WITHIN_MS },
      )
      .toBe(0)
  })

  it('says Redis is down within the probe’s bound once it is killed with SIGKILL, and up when it returns; the database up', async () => {
    redis = await startTempRedis({ port: REDIS_PORT })
    const url = redis.url
    measureDependencies(() => dependenciesUp(() => payload.count({ collection: 'pages', overrideAccess: true }), url), {
      redis: true,
    })
    await expect.poll(() => valueNow(METRIC.redisUp), { timeout: FOLLOWS_WITHIN_MS }).toBe(1)
    expect(await valueNow(METRIC.databaseUp)).toBe(1)

    await redis.kill()
    await expect.poll(() => valueNow(METRIC.redisUp), { timeout: FOLLOWS_WITHIN_MS }).toBe(0)
    const started = performance.now()
    const during = await scrape()
    expect(performance.now() - started).toBeLessThan(METRICS_PROBE_TIMEOUT_MS + 500)
    expect(sample(during.text, METRIC.databaseUp)).toBe(1)

    redis = await startTempRedis({ port: REDIS_PORT })
    await expect.poll(() => valueNow(METRIC.redisUp), { timeout: FOLLOWS_WITHIN_MS }).toBe(1)
  })

  it('reports the last backup’s age (+Inf with none) and, once a certificate is configured, its days left', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-operations-'))
    try {
      measureBackupAndCertificateOf({ backupDir: dir, certificateFile: null })
      const none = (await scrape()).text
      expect(none).toContain(`\n${METRIC.backupAge} +Inf\n`)
      expect(none).not.toContain(METRIC.certificateDaysLeft)

      const twoHoursMs = 2 * 60 * 60 * 1000
      fs.writeFileSync(path.join(dir, archiveName('site', new Date(Date.now() - twoHoursMs))), '')
      // makeCertificate's certificates last two days.
      const { cert } = makeCertificate(dir, 'www.example.com')
      measureBackupAndCertificateOf({ backupDir: dir, certificateFile: cert })
      const text = (await scrape()).text
      const age = sample(text, METRIC.backupAge)!
      expect(age).toBeGreaterThanOrEqual(twoHoursMs / 1000)
      expect(age).toBeLessThan(twoHoursMs / 1000 + 60)
      expect(sample(text, METRIC.certificateDaysLeft)).toBeCloseTo(2, 1)
      expect(text).toContain(`# TYPE ${METRIC.certificateDaysLeft} gauge`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
