// `node bench/compare-builds.mjs OTHER_CHECKOUT [LABEL]`: this checkout's pages per second beside
// another checkout's (an older commit checked out beside, its dependencies installed), in one run:
// each built and seeded by its own code (bench/lib/server.mjs's seededBenchEnv, each commit's own),
// served by its own `scripts/serve.mjs` as `npm start` serves it, and asked in turn with the same
// autocannon run as bench/throughput.mjs's app alone (its pages, connections, seconds and headers),
// ROUNDS times, the order swapped each round, so that the machine's noise falls on both alike.
// Each app is measured beside its reference, as every speed here is (bench/lib/staticNginx.mjs):
// nginx serving that build's own pages, saved from it. A build's share is its pages per second
// over its reference's in the same round; the goal compares the two builds' shares, so that what
// the server does is compared and not what the pages weigh (a page that grew by a new feature's CSS
// is slower to send and to read for nginx as well).
// COMPARE_THIS=DIR measures another checkout in this one's place, to see one change alone (a merge
// beside its first parent) when later work changed the pages too.
// Writes bench/results/compare-builds.json and its section of bench/RESULTS.md.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { continueOnProjectNode, DEPENDENCIES_INSTALLED_ENV, ROOT } from '../scripts/lib/bootstrap.mjs'
import { autocannon } from './lib/autocannon.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { startStaticNginx } from './lib/staticNginx.mjs'
import { CONNECTIONS, HEADERS, PAGES, SECONDS } from './lib/throughputSettings.mjs'

/** Rounds of every page on both builds. */
const ROUNDS = Number(process.env.COMPARE_ROUNDS || 3)
/** Each build's server; the next port is the other's; their references' are REFERENCE_PORT_OFFSET above. */
const BASE_PORT = Number(process.env.COMPARE_BENCH_PORT || 3281)
const REFERENCE_PORT_OFFSET = 10
/** The goal (issue 54): this build's pages per second, as a share of its reference's, at least this times the other's. */
const AT_LEAST = 0.95
/** The seeded data folder, under each checkout's .tmp. */
const NAME = 'bench-compare-builds'
const HEALTH_WAIT_MS = 120_000
const HEALTH_POLL_MS = 250
const SETUP_MS = 15 * 60_000
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'compare-builds.json')
const SECTION_START = '<!-- compare-builds:start -->'
const SECTION_END = '<!-- compare-builds:end -->'

continueOnProjectNode()
/** @param {string} dir */
const isCheckout = (dir) => fs.existsSync(path.join(dir, 'bench', 'lib', 'server.mjs'))
const other = path.resolve(process.argv[2] ?? '')
if (!process.argv[2] || !isCheckout(other))
  throw new Error(
    'give the other checkout (with its dependencies installed): node bench/compare-builds.mjs DIR [LABEL]',
  )

/** @param {string} dir */
const commitOf = (dir) =>
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim() || 'unknown'
/** The checkout measured as the newer one: this one unless COMPARE_THIS names another. */
const newerDir = process.env.COMPARE_THIS ? path.resolve(process.env.COMPARE_THIS) : ROOT
if (!isCheckout(newerDir)) throw new Error(`COMPARE_THIS names no checkout of this project: ${newerDir}`)
const builds = [
  { label: newerDir === ROOT ? 'this checkout' : 'the newer checkout', dir: newerDir, port: BASE_PORT },
  { label: process.argv[3] ?? 'the other checkout', dir: other, port: BASE_PORT + 1 },
].map((build) => ({ ...build, commit: commitOf(build.dir) }))

/**
 * A checkout measured: what the report calls it, its folder, its server's port and its commit.
 * @typedef {{ label: string, dir: string, port: number, commit: string }} Build
 */
/** What a build is served with: its own seeded data folder and secret. @typedef {Record<string, string>} ServeSettings */

/**
 * Builds (when out of date) and seeds `build`'s checkout with its own code; the settings to serve it with.
 * @param {Build} build
 * @returns {ServeSettings}
 */
function seeded(build) {
  const script = `const { seededBenchEnv } = await import(${JSON.stringify(pathToFileURL(path.join(build.dir, 'bench/lib/server.mjs')).href)})
const env = await seededBenchEnv({ port: ${build.port}, name: ${JSON.stringify(NAME)} })
process.stdout.write('\\n' + JSON.stringify({ PAYLOAD_SECRET: env.PAYLOAD_SECRET, DATA_DIR: env.DATA_DIR, SERVER_URL: env.SERVER_URL }))`
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: build.dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: SETUP_MS,
    // The other checkout's dependencies are as its owner installed them (its lock may be older):
    // its set-up must not install again.
    env: build.dir === ROOT ? process.env : { ...process.env, [DEPENDENCIES_INSTALLED_ENV]: '1' },
  })
  if (made.status !== 0) throw new Error(`setting up ${build.dir} failed (${made.error?.message ?? made.status})`)
  return JSON.parse(made.stdout.trim().split('\n').at(-1) ?? '')
}

/**
 * Serves `build` as `npm start` does, on SQLite; resolves once it answers its health check.
 * @param {Build} build
 * @param {ServeSettings} settings
 */
async function served(build, settings) {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: build.dir,
    env: {
      ...process.env,
      ...settings,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(build.port),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
    detached: true,
  })
  const origin = `http://127.0.0.1:${build.port}`
  const giveUp = Date.now() + HEALTH_WAIT_MS
  while (
    !(await fetch(`${origin}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false))
  ) {
    if (Date.now() > giveUp) throw new Error(`${build.dir} did not answer on ${origin} within ${HEALTH_WAIT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS))
  }
  // Every page once, so that its first render is not measured.
  for (const page of PAGES) await (await fetch(`${origin}${page}`)).arrayBuffer()
  return { origin, stop: () => child.pid && process.kill(-child.pid, 'SIGTERM') }
}

/**
 * autocannon on one page, as bench/throughput.mjs runs it: requests per second and the answers that were not 2xx.
 * @param {string} url
 */
async function pagesPerSecond(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS })
  return { perSecond: result.requests.average, non2xx: result.non2xx + result.errors, p99Ms: result.latency.p99 }
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const settings = builds.map(seeded)
const loadAverageBefore = os.loadavg().map((value) => Number(value.toFixed(2)))
const servers = []
/** @type {(() => void)[]} */
const references = []
/** @type {({ round: number, page: string, build: number, target: 'app' | 'reference' } & Awaited<ReturnType<typeof pagesPerSecond>>)[]} */
const runs = []
try {
  for (const [i, build] of builds.entries()) {
    const server = await served(build, settings[i])
    servers.push(server)
    references.push(
      await startStaticNginx({
        appOrigin: server.origin,
        pages: PAGES,
        dir: path.join(build.dir, '.tmp', `${NAME}-reference`),
        port: build.port + REFERENCE_PORT_OFFSET,
      }),
    )
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? [1, 0] : [0, 1]
    for (const page of PAGES)
      for (const which of order)
        for (const target of /** @type {const} */ (['app', 'reference'])) {
          const port = builds[which].port + (target === 'reference' ? REFERENCE_PORT_OFFSET : 0)
          const figures = await pagesPerSecond(`http://127.0.0.1:${port}${page}`)
          runs.push({ round, page, build: which, target, ...figures })
          console.log(`round ${round + 1}, ${page}, ${builds[which].label}, ${target}: ${figures.perSecond} pages/s`)
        }
  }
} finally {
  for (const server of servers) server.stop()
  for (const stop of references) stop()
}

/** @param {number} value */
const rounded = (value) => Number(value.toFixed(3))
const pages = PAGES.map((page) => {
  /**
   * @param {number} which
   * @param {'app' | 'reference'} target
   */
  const of = (which, target) => runs.filter((run) => run.page === page && run.build === which && run.target === target)
  const [mine, theirs] = [0, 1].map((which) => {
    const [apps, refs] = [of(which, 'app'), of(which, 'reference')]
    const shares = apps.map((run, i) => rounded(run.perSecond / refs[i].perSecond))
    return {
      perSecond: median(apps.map((run) => run.perSecond)),
      reference: median(refs.map((run) => run.perSecond)),
      share: median(shares),
      shares,
      non2xx: apps.reduce((sum, run) => sum + run.non2xx, 0),
    }
  })
  return {
    page,
    mine,
    theirs,
    ratio: rounded(mine.share / theirs.share),
    pagesRatio: rounded(mine.perSecond / theirs.perSecond),
  }
})
const figures = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverageBefore },
  builds: builds.map(({ label, commit }) => ({ label, commit })),
  rounds: ROUNDS,
  atLeast: AT_LEAST,
  pages,
  pass: pages.every((row) => row.ratio >= AT_LEAST && row.mine.non2xx === 0),
}
fs.mkdirSync(path.dirname(RESULTS_JSON), { recursive: true })
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(figures, null, 2)}\n`)

const [mine, theirs] = builds
const rows = pages
  .map(
    (row) =>
      `| \`${row.page}\` | ${row.mine.perSecond} of ${row.mine.reference}; ${row.mine.shares.join(', ')} | ${row.theirs.perSecond} of ${row.theirs.reference}; ${row.theirs.shares.join(', ')} | ${row.mine.share} / ${row.theirs.share} = **${row.ratio}** | ${row.pagesRatio} | ${row.mine.non2xx} / ${row.theirs.non2xx} |`,
  )
  .join('\n')
writeResultsSection(
  `${SECTION_START}
## One build beside another, the app alone (\`node bench/compare-builds.mjs DIR\`)

${figures.date.slice(0, 16).replace('T', ' ')} UTC, ${figures.machine.cpus} cores, load average ${loadAverageBefore.join(' / ')} before.
${mine.label} (\`${mine.commit}\`) beside ${theirs.label} (\`${theirs.commit}\`), each built, seeded and served by its own
code as \`npm start\` serves it (SQLite, its page cache in memory), asked in turn: autocannon, ${CONNECTIONS} connections,
${SECONDS} s per page, gzip, ${ROUNDS} rounds with the order swapped each round. Each app is measured just before its
reference, nginx (one worker) serving that build's own pages saved from it; a build's share is its pages per second
over its reference's in that round. Goal: this build's median share at least ${AT_LEAST} × the other's on every page,
no answer but 2xx. ${figures.pass ? 'Met.' : 'Missed.'}

| page | this build: median pages/s of its reference's; share each round | the other, alike | median shares, ratio | pages/s ratio (the pages' weight included) | non-2xx (this / other) |
|---|---|---|---|---|---|
${rows}
${SECTION_END}`,
  SECTION_START,
  SECTION_END,
)
console.log(JSON.stringify(pages))
