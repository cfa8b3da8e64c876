import http from 'node:http'
import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COLLECT_RATE_LIMIT } from '@/analytics/collector/ingest'
import { COLLECT_PATH, MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from '@/analytics/collector/limits'
import { MAX_CLOCK_SKEW_MS, MAX_EVENT_AGE_MS, validateBatch } from '@/analytics/collector/validate'
import { REDACTION_TEXT } from '@/analytics/redact'
import { pageUrl, SITE_HOST, startCollector, storedEvents, testClock } from '../support/collector'
import { startTestPayload } from '../support/payload'

const NOW = Date.parse('2026-11-20T12:00:00Z')
let payload: Payload
let cleanup: () => Promise<void>
let collector: Awaited<ReturnType<typeof startCollector>>

const event = (overrides: Record<string, unknown> = {}) => ({
  name: 'page_view',
  url: pageUrl('/pricing'),
  ts: NOW - 1000,
  ...overrides,
})
const countStored = async () => (await payload.count({ collection: 'analytics-events' })).totalDocs

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())
beforeEach(async () => {
  await payload.delete({ collection: 'analytics-events', where: { id: { exists: true } } })
  collector = await startCollector(payload, testClock(NOW).now)
})
afterEach(() => collector.close())

describe('POST /api/collect stores valid batches', () => {
  it('stores every event of a valid batch with its path, day, device and a visitor id, and answers 202', async () => {
    const response = await collector.post(
      { events: [event(), event({ name: 'file_download', url: pageUrl('/contact'), props: { form_id: 115 } })] },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    )
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ ok: true, stored: 2 })
    const [view, lead] = await storedEvents(payload)
    expect(view).toMatchObject({ name: 'page_view', path: '/pricing', day: '2026-11-20', device: 'mobile' })
    expect(lead).toMatchObject({ name: 'file_download', path: '/contact', props: { form_id: 115 } })
    expect(view.visitor).toMatch(/^[\w-]{22}$/)
    expect(lead.visitor).toBe(view.visitor)
  })

  it('keeps no IP address or user agent in what it stores', async () => {
    await collector.post({ events: [event()] }, { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'UniqueAgent/9.9' })
    const stored = JSON.stringify(await storedEvents(payload))
    expect(stored).not.toContain('198.51.100.23')
    expect(stored).not.toContain('UniqueAgent')
  })

  it('accepts exactly the maximum number of events in one request', async () => {
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, i) => event({ ts: NOW - 1000 - i }))
    const response = await collector.post({ events })
    expect(response.status).toBe(202)
    expect(await countStored()).toBe(MAX_EVENTS_PER_BATCH)
  })

  it('replaces email-like query values in the stored URL with the redaction text', async () => {
    await collector.post({ events: [event({ url: pageUrl('/contact?email=jane%40example.com&ref=ad') })] })
    const [stored] = await storedEvents(payload)
    expect(stored.url).toBe(pageUrl(`/contact?email=${REDACTION_TEXT}&ref=ad`))
  })

  it('stores a repeated batch again rather than losing it', async () => {
    const batch = { events: [event()] }
    expect((await collector.post(batch)).status).toBe(202)
    expect((await collector.post(batch)).status).toBe(202)
    expect(await countStored()).toBe(2)
  })

  it('records only the host of an outside referrer, and none for a referrer on this site', async () => {
    await collector.post({
      events: [
        event({ referrer: 'https://www.example.org/search?q=title' }),
        event({ ts: NOW - 500, referrer: pageUrl('/') }),
      ],
    })
    expect((await storedEvents(payload)).map((row) => row.referrerHost)).toEqual(['www.example.org', null])
  })

  it('stores nothing for a browser sending Global Privacy Control or Do Not Track', async () => {
    expect((await collector.post({ events: [event()] }, { 'sec-gpc': '1' })).status).toBe(202)
    expect((await collector.post({ events: [event()] }, { dnt: '1' })).status).toBe(202)
    expect(await countStored()).toBe(0)
  })
})

describe('POST /api/collect refuses what it cannot take, and stores none of it', () => {
  const refused = async (body: unknown, status: number, headers?: Record<string, string>) => {
    const response = await collector.post(body, headers)
    expect(response.status).toBe(status)
    const answer = await response.json()
    expect(answer.ok).toBe(false)
    expect(typeof answer.error).toBe('string')
    expect(await countStored()).toBe(0)
    return answer
  }

  it('answers 400 to more than the maximum number of events', async () => {
    const events = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event({ props: undefined }))
    await refused({ events }, 400)
  })

  it('answers 413 to a body over the byte limit', async () => {
    await refused({ events: [event({ props: { note: 'x'.repeat(200) } })], pad: 'y'.repeat(MAX_BATCH_BYTES) }, 413)
  })

  it('answers 413 for a single event over the byte limit', () => {
    const huge = event({ props: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'z'.repeat(900)])) })
    expect(JSON.stringify(huge).length).toBeGreaterThan(MAX_BATCH_BYTES)
    expect(validateBatch({ events: [huge] }, [SITE_HOST], NOW)).toMatchObject({ ok: false, status: 413, index: 0 })
  })

  it('stops reading a chunked body once it passes the limit, answering 413', async () => {
    const { hostname, port } = new URL(collector.url)
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { hostname, port, path: COLLECT_PATH, method: 'POST', headers: { 'content-type': 'application/json' } },
        (response) => resolve(response.statusCode ?? 0),
      )
      request.on('error', reject)
      request.write('{"events":[')
      const chunk = `"${'a'.repeat(4096)}",`
      let sent = 0
      // Keeps sending until the server answers; a server reading everything would wait for the end.
      const pump = () => {
        if (sent++ < 2000 && !request.destroyed) request.write(chunk, () => setImmediate(pump))
      }
      pump()
    })
    expect(status).toBe(413)
    expect(await countStored()).toBe(0)
  })

  it('answers 415 to a body that is not JSON by content type', async () => {
    await refused(JSON.stringify({ events: [event()] }), 415, { 'content-type': 'text/plain' })
    await refused('events=1', 415, { 'content-type': 'application/x-www-form-urlencoded' })
  })

  it.each([
    ['not JSON', '{"events": [', 400],
    ['JSON null', 'null', 400],
    ['an array', '[]', 400],
    ['no events', '{}', 400],
    ['events not a list', '{"events": {"name": "page_view"}}', 400],
    ['an empty list', '{"events": []}', 400],
    ['an extra top-level field', JSON.stringify({ events: [event()], admin: true }), 400],
  ])('answers 400 to a malformed body: %s', async (_label, body, status) => {
    await refused(body, status)
  })

  it.each([
    ['a name with markup', { name: '<script>alert(1)</script>' }],
    ['a name too long', { name: 'a'.repeat(65) }],
    ['a missing name', { name: undefined }],
    ['a URL of another site', { url: 'https://evil.example/phish' }],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
    ['a relative URL', { url: '/pricing' }],
    ['a URL too long', { url: pageUrl(`/${'p'.repeat(2100)}`) }],
    ['a time as text', { ts: String(NOW) }],
    ['a fractional time', { ts: NOW - 0.5 }],
    ['a time too far in the future', { ts: NOW + MAX_CLOCK_SKEW_MS + 1 }],
    ['a time too long ago', { ts: NOW - MAX_EVENT_AGE_MS - 1 }],
    ['a referrer that is not a URL', { referrer: 'not a url' }],
    ['nested props', { props: { nested: { deep: true } } }],
    ['props as a list', { props: ['a'] }],
    ['too many props', { props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }],
    ['a props value too long', { props: { note: 'n'.repeat(257) } }],
    ['an unknown event field', { ip: '1.2.3.4' }],
    ['a prototype-polluting key', JSON.parse('{"__proto__": {"admin": true}}')],
  ])('answers 400 to an event with %s, naming the event', async (_label, overrides) => {
    const answer = await refused({ events: [event(), event(overrides)] }, 400)
    expect(answer.index).toBe(1)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('answers 429 to a flood from one address while others are still served', async () => {
    const statuses: number[] = []
    let refusal: Response | null = null
    for (let i = 0; i < COLLECT_RATE_LIMIT.burst + 5; i++) {
      const response = await collector.post('{}')
      statuses.push(response.status)
      refusal ??= response.status === 429 ? response : null
    }
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(statuses.slice(0, COLLECT_RATE_LIMIT.burst).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(COLLECT_RATE_LIMIT.burst)).toEqual(Array(5).fill(429))
    expect((await collector.post({ events: [event()] }, { 'x-forwarded-for': '192.0.2.55' })).status).toBe(202)
  })
})
