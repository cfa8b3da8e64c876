import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsReport, periodEnding, TOP_LIST_LENGTH } from '@/analytics/dashboard/report'
import { CHAT_STARTED_EVENT, LEAD_EVENT, PAGE_VIEW_EVENT } from '@/analytics/events'
import { SEED_FORMS } from '@/setup/seed/content/forms'
import { pageUrl, startCollector, testClock } from '../support/collector'
import { startTestPayload } from '../support/payload'
import { postgresDatabase } from '../support/sharedPostgres'

const DAY = 24 * 60 * 60 * 1000
const TODAY_NOON = Date.parse('2026-11-20T12:00:00Z')
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36'

let payload: Payload
let cleanup: () => Promise<void>

/** Known traffic: three visitors today, one yesterday, one 40 days ago (outside a 30-day period). */
async function recordKnownTraffic() {
  const clock = testClock(TODAY_NOON)
  const collector = await startCollector(payload, clock.now)
  const send = async (ip: string, ua: string, events: Array<[string, string, string?]>) => {
    const batch = events.map(([name, path, referrer], i) => ({
      name,
      url: pageUrl(path),
      ts: clock.now() - 60_000 + i,
      ...(referrer ? { referrer } : {}),
    }))
    expect((await collector.post({ events: batch }, { 'x-forwarded-for': ip, 'user-agent': ua })).status).toBe(202)
  }
  await send('192.0.2.1', PHONE, [
    [PAGE_VIEW_EVENT, '/', 'https://www.google.com/'],
    [PAGE_VIEW_EVENT, '/pricing'],
    [PAGE_VIEW_EVENT, '/contact'],
    [LEAD_EVENT, '/contact'],
  ])
  await send('192.0.2.2', DESKTOP, [
    [PAGE_VIEW_EVENT, '/pricing', 'https://duckduckgo.com/'],
    [PAGE_VIEW_EVENT, '/'],
    [CHAT_STARTED_EVENT, '/'],
    ['purchase', '/'],
  ])
  await send('192.0.2.3', TABLET, [[PAGE_VIEW_EVENT, '/pricing', 'https://www.google.com/']])
  clock.set(TODAY_NOON - DAY)
  await send('192.0.2.4', DESKTOP, [[PAGE_VIEW_EVENT, '/faq']])
  await collector.close()
  // Older than any period the tests ask for; written directly since the collector refuses stale times.
  await payload.create({
    collection: 'analytics-events',
    data: {
      name: PAGE_VIEW_EVENT,
      ts: new Date(TODAY_NOON - 40 * DAY).toISOString(),
      day: '2026-10-11',
      path: '/old',
      visitor: 'v-old',
      session: 's-old',
      device: 'desktop',
    },
  })
  const [form] = SEED_FORMS
  const { id } = await payload.create({ collection: 'forms', data: form.data as never })
  await payload.create({
    collection: 'form-submissions',
    data: { form: id, data: [{ name: 'message_3', value: 'x' }], createdAt: new Date(TODAY_NOON).toISOString() },
  })
}

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  describe(`the dashboard report over known data (${database})`, () => {
    let server: Awaited<ReturnType<typeof postgresDatabase>> | undefined
    beforeAll(async () => {
      if (database === 'PostgreSQL') server = await postgresDatabase()
      ;({ payload, cleanup } = await startTestPayload(server?.url))
      await recordKnownTraffic()
    })
    afterAll(async () => {
      await cleanup?.()
      await server?.stop()
    })

    it('counts visitors, sessions and page views within the period only', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 30))
      expect(report.visitors).toBe(4)
      expect(report.sessions).toBe(4)
      expect(report.pageViews).toBe(7)
    })

    it('gives a point for every day of the period, zero on days without visits', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 7))
      expect(report.daily).toHaveLength(7)
      expect(report.daily.at(-1)).toEqual({ day: '2026-11-20', views: 6, visitors: 3 })
      expect(report.daily.at(-2)).toEqual({ day: '2026-11-19', views: 1, visitors: 1 })
      expect(report.daily.slice(0, 5).every((point) => point.views === 0 && point.visitors === 0)).toBe(true)
    })

    it('ranks top pages and outside referrers by page views', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 30))
      expect(report.topPages).toEqual([
        { label: '/pricing', count: 3 },
        { label: '/', count: 2 },
        { label: '/contact', count: 1 },
        { label: '/faq', count: 1 },
      ])
      expect(report.topPages.length).toBeLessThanOrEqual(TOP_LIST_LENGTH)
      expect(report.referrers).toEqual([
        { label: 'www.google.com', count: 2 },
        { label: 'duckduckgo.com', count: 1 },
      ])
    })

    it('counts visitors per coarse device class', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 30))
      expect(report.devices).toEqual([
        { label: 'desktop', count: 2 },
        { label: 'mobile', count: 1 },
        { label: 'tablet', count: 1 },
      ])
    })

    it('counts contact submissions and purchases as conversions; leads and chats reported by a browser are not stored, the server records them', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 30))
      expect(report.conversions).toEqual({ contactSubmissions: 1, chatsStarted: 0, leads: 0, purchases: 1 })
    })

    it('includes older traffic only when the period reaches back to it', async () => {
      const report = await analyticsReport(payload, periodEnding(TODAY_NOON, 90))
      expect(report.pageViews).toBe(8)
      expect(report.topPages.map((row) => row.label)).toContain('/old')
    })
  })
}
