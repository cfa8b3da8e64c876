// `node bench/collect-load.mjs`: how many events per second POST /api/collect stores while its
// p99 latency stays under 50 ms (autocannon against the production build on a fresh SQLite
// database), then the dashboard's query time over one million stored events.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { autocannon } from './lib/autocannon.mjs'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { startBenchServer } from './lib/server.mjs'

const P99_BUDGET_MS = 50
const EVENTS_PER_REQUEST = 10
const DURATION_S = Number(process.env.BENCH_DURATION || 10)
const PORT = Number(process.env.BENCH_PORT || 3242)

const server = await startBenchServer({ port: PORT, name: 'bench-collect' })
let address = 0
const nextAddress = () => {
  address++
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}
const body = () =>
  JSON.stringify({
    events: Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => ({
      name: i === 0 ? 'page_view' : 'scroll_depth',
      url: `${server.origin}/pricing?plan=${i}`,
      ts: Date.now() - i,
      referrer: 'https://www.example.org/',
      props: { depth: i * 10 },
    })),
  })

/**
 * @param {number} connections
 * @returns {Promise<import('./lib/autocannon.mjs').LoadResult>}
 */
function load(connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.origin}/api/collect`,
        connections,
        duration: DURATION_S,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'collect-load bench' },
        // A different client address per request, as real traffic has; one address would be rate limited.
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: body(),
              headers: { ...req.headers, 'x-forwarded-for': nextAddress() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

const runs = []
try {
  for (const connections of [1, 2, 4, 8, 16]) {
    const result = await load(connections)
    const ok = result['2xx']
    const run = {
      connections,
      requestsPerSecond: Math.round(ok / DURATION_S),
      eventsPerSecond: Math.round((ok * EVENTS_PER_REQUEST) / DURATION_S),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    }
    runs.push(run)
    console.log(JSON.stringify(run))
    if (run.p99 >= P99_BUDGET_MS) break
  }
} finally {
  server.stop()
}
const withinBudget = runs.filter((run) => run.p99 < P99_BUDGET_MS && run.non2xx === 0 && run.errors === 0)
const best = withinBudget.sort((a, b) => b.eventsPerSecond - a.eventsPerSecond)[0] ?? null

const dashboard = spawnSync('npx', ['tsx', 'bench/lib/dashboard-million.ts', process.env.BENCH_EVENTS || '1000000'], {
  cwd: ROOT,
  env: { ...process.env, PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'bench-secret' },
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
const dashboardResult = JSON.parse(dashboard.stdout.trim().split('\n').at(-1) || 'null')

const results = {
  measuredAt: new Date().toISOString(),
  eventsPerRequest: EVENTS_PER_REQUEST,
  durationSeconds: DURATION_S,
  runs,
  best,
  dashboard: dashboardResult,
}
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true })
fs.writeFileSync(path.join(ROOT, 'bench/results/collect-load.json'), JSON.stringify(results, null, 2) + '\n')
console.log(JSON.stringify({ best, dashboard: dashboardResult }, null, 2))
