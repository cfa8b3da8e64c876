import type { Payload } from 'payload'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TIMEOUT_MS } from '@/analytics/collector/limits'
import { pageUrl, startCollector, storedEvents, testClock } from '../support/collector'
import { setUpSuitePayload, SUITE_DATABASES } from '../support/payload'

const DAY1_NOON = Date.parse('2026-11-20T12:00:00Z')
const MINUTE = 60_000
/** The running suite's Payload, on the database of the `describe.each` below that is running. */
let payload: Payload
const open: Array<{ close: () => Promise<void> }> = []

async function collectorAt(clock: ReturnType<typeof testClock>) {
  const collector = await startCollector(payload, clock.now)
  open.push(collector)
  return collector
}

/** Sends one page view at the clock's current time. */
async function viewAt(
  collector: Awaited<ReturnType<typeof startCollector>>,
  clock: ReturnType<typeof testClock>,
  headers?: Record<string, string>,
) {
  const response = await collector.post(
    { events: [{ name: 'page_view', url: pageUrl('/'), ts: clock.now() }] },
    headers,
  )
  expect(response.status).toBe(202)
}

// The session lookup is a statement of its own on each database, so every behaviour is checked on both.
describe.each(SUITE_DATABASES)('on %s', (database) => {
  const suite = setUpSuitePayload(database)
  beforeEach(async () => {
    payload = suite.payload
    await payload.delete({ collection: 'analytics-events', where: { id: { exists: true } } })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()))
  })

  describe('sessions end after 30 minutes without activity', () => {
    it('keeps a visitor in one session while events are at most the timeout apart', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock)
      clock.advance(SESSION_TIMEOUT_MS - MINUTE)
      await viewAt(collector, clock)
      clock.advance(SESSION_TIMEOUT_MS)
      await viewAt(collector, clock)
      expect(new Set((await storedEvents(payload)).map((row) => row.session)).size).toBe(1)
    })

    it('starts a new session when more than the timeout passed since the last event', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock)
      clock.advance(SESSION_TIMEOUT_MS + MINUTE)
      await viewAt(collector, clock)
      const [first, second] = await storedEvents(payload)
      expect(second.visitor).toBe(first.visitor)
      expect(second.session).not.toBe(first.session)
    })

    it('continues an open session on another instance (or after a restart) from the stored events', async () => {
      const clock = testClock(DAY1_NOON)
      await viewAt(await collectorAt(clock), clock)
      clock.advance(10 * MINUTE)
      await viewAt(await collectorAt(clock), clock)
      const [first, second] = await storedEvents(payload)
      expect(second.session).toBe(first.session)
    })

    it("looks up a new visitor's open session without counting their events of the day", async () => {
      const clock = testClock(DAY1_NOON)
      await viewAt(await collectorAt(clock), clock)
      clock.advance(MINUTE)
      // Another instance, which has not seen this visitor: it reads their last event, and counts none.
      const counts = vi.spyOn(payload.db, 'countDistinct')
      try {
        await viewAt(await collectorAt(clock), clock)
        const countedTables = counts.mock.calls.map(([args]) => args.tableName)
        expect(countedTables).not.toContain('analytics_events')
      } finally {
        counts.mockRestore()
      }
      const [first, second] = await storedEvents(payload)
      expect(second.session).toBe(first.session)
    })

    it('gives different visitors different sessions at the same moment', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock, { 'x-forwarded-for': '192.0.2.1' })
      await viewAt(collector, clock, { 'x-forwarded-for': '192.0.2.2' })
      const [a, b] = await storedEvents(payload)
      expect(a.visitor).not.toBe(b.visitor)
      expect(a.session).not.toBe(b.session)
    })
  })

  describe('the visitor id rotates daily with a salt that is then discarded', () => {
    const salts = async () =>
      (await payload.find({ collection: 'analytics-salts', limit: 0, overrideAccess: true })).docs.map((doc) => doc.day)

    it('gives the same address and browser the same id all day, and a new one the next day', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock)
      clock.set(Date.parse('2026-11-20T23:59:00Z'))
      await viewAt(collector, clock)
      clock.set(Date.parse('2026-11-21T00:01:00Z'))
      await viewAt(collector, clock)
      const [morning, lateNight, nextDay] = await storedEvents(payload)
      expect(lateNight.visitor).toBe(morning.visitor)
      expect(nextDay.visitor).not.toBe(morning.visitor)
      expect(nextDay.day).toBe('2026-11-21')
    })

    it('keeps only the current day’s salt once a new day begins', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock)
      expect(await salts()).toContain('2026-11-20')
      clock.set(Date.parse('2026-11-22T08:00:00Z'))
      await viewAt(collector, clock)
      expect(await salts()).toEqual(['2026-11-22'])
    })

    it('tells apart two browsers behind one address', async () => {
      const clock = testClock(DAY1_NOON)
      const collector = await collectorAt(clock)
      await viewAt(collector, clock, { 'user-agent': 'BrowserOne/1' })
      await viewAt(collector, clock, { 'user-agent': 'BrowserTwo/1' })
      const [one, two] = await storedEvents(payload)
      expect(one.visitor).not.toBe(two.visitor)
    })

    it('salts are readable by no one through the API', async () => {
      await expect(payload.find({ collection: 'analytics-salts', overrideAccess: false })).rejects.toThrow(
        /not allowed/,
      )
    })
  })
})
