// `npx tsx bench/lib/dashboard-million.ts [count]`: fills a temporary SQLite database with
// generated analytics events (one million by default) and times the dashboard's report on it.
// Needs PAYLOAD_SECRET in the environment (bench/collect-load.mjs passes one).
import { randomBytes } from 'node:crypto'
import { analyticsReport, periodEnding, REPORT_PERIODS } from '../../src/analytics/dashboard/report'
import { utcDay } from '../../src/analytics/collector/visitor'
import { DEVICE_CLASSES } from '../../src/analytics/collections'
import { startTestPayload } from '../../tests/support/payload'

const COUNT = Number(process.argv[2] ?? 1_000_000)
const DAYS = 90
const NOW = Date.now()
const PATHS = [
  '/',
  '/pricing',
  '/contact',
  '/faq',
  '/counties',
  '/about',
  ...Array.from({ length: 60 }, (_, i) => `/counties/county-${i}`),
]
const REFERRERS = [
  null,
  null,
  null,
  'www.google.com',
  'www.bing.com',
  'duckduckgo.com',
  'www.facebook.com',
  'example.org',
]
const NAMES = [
  'page_view',
  'page_view',
  'page_view',
  'page_view',
  'page_view',
  'page_view',
  'scroll_depth',
  'generate_lead',
  'chat_started',
  'purchase',
]

const { payload, cleanup } = await startTestPayload()
const client = (
  payload.db as unknown as {
    client: {
      execute: (q: string | { sql: string; args: unknown[] }) => Promise<unknown>
      batch: (q: { sql: string; args: unknown[] }[], mode: string) => Promise<unknown>
    }
  }
).client

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]
const started = performance.now()
const CHUNK = 5000
for (let done = 0; done < COUNT; done += CHUNK) {
  const statements = []
  for (let i = done; i < Math.min(COUNT, done + CHUNK); i++) {
    const ts = NOW - Math.floor((i / COUNT) * DAYS * 86_400_000)
    const visitor = `v${Math.floor(i / 7)}-${randomBytes(2).toString('hex')}`
    const name = pick(NAMES, i * 7 + (i >> 3))
    statements.push({
      sql: `insert into analytics_events (name, ts, day, path, url, referrer_host, device, visitor, session, conversion, props, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?)`,
      args: [
        name,
        new Date(ts).toISOString(),
        utcDay(ts),
        pick(PATHS, i * 13),
        null,
        pick(REFERRERS, i * 5),
        pick(DEVICE_CLASSES, i * 3),
        visitor,
        `s${Math.floor(i / 5)}`,
        name === 'purchase' ? 1 : 0,
        new Date(ts).toISOString(),
        new Date(ts).toISOString(),
      ],
    })
  }
  await client.batch(statements, 'write')
}
const fillSeconds = (performance.now() - started) / 1000
await client.execute('analyze')

const results: Record<string, { ms: number; pageViews: number }> = {}
for (const days of REPORT_PERIODS) {
  await analyticsReport(payload, periodEnding(NOW, days)) // warm the page cache
  const runs: number[] = []
  let pageViews = 0
  for (let r = 0; r < 3; r++) {
    const t = performance.now()
    pageViews = (await analyticsReport(payload, periodEnding(NOW, days))).pageViews
    runs.push(performance.now() - t)
  }
  results[`${days} days`] = { ms: Math.round(Math.min(...runs)), pageViews }
}
console.log(JSON.stringify({ events: COUNT, fillSeconds: Math.round(fillSeconds), report: results }))
await cleanup()
process.exit(0)
