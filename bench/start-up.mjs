// `node bench/start-up.mjs`: how long an app instance takes from its start to answering
// `/api/health/live`, the wait a crashed instance leaves before it serves again (DESIGN.md: back
// within 5 s). Three ways, interleaved round by round on one seeded SQLite database, so a busy
// machine weighs on each alike:
// - plain: the server loaded as Node loads it unaided (the reference);
// - quick, first start: through scripts/serve.mjs (scripts/lib/quickStart.mjs) with no compiled
//   code kept yet, as after a deploy;
// - quick: the same with the code the previous start kept, as after a crash.
// Writes bench/results/start-up.json and the "Instance start-up" section of bench/RESULTS.md.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { compileCacheDir } from '../scripts/lib/quickStart.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { seededBenchEnv } from './lib/server.mjs'

const PORT = Number(process.env.START_UP_BENCH_PORT || 3296)
const ROUNDS = Number(process.env.START_UP_ROUNDS || 7)
const POLL_MS = 25
const GIVE_UP_MS = 60_000
const SETTLE_MS = 500
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'start-up.json')
const SECTION_START = '<!-- start-up:start -->'
const SECTION_END = '<!-- start-up:end -->'

const PLAIN_START = `
import { pathToFileURL } from 'node:url'
const { bundleTs } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts/lib/runTs.mjs')).href)})
process.chdir(${JSON.stringify(ROOT)})
await import(pathToFileURL(await bundleTs(${JSON.stringify(ROOT)}, 'src/server/serve.ts', 'serve-bench-plain')).href)
`
/** How a server is started, and what is done before each start (`before`). */
/** @type {Record<string, { args: string[], before?: () => void }>} */
const WAYS = {
  plain: { args: ['--input-type=module', '-e', PLAIN_START] },
  'quick, first start': {
    args: ['scripts/serve.mjs'],
    before: () => fs.rmSync(compileCacheDir(ROOT), { recursive: true, force: true }),
  },
  quick: { args: ['scripts/serve.mjs'] },
}

const env = await seededBenchEnv({ port: PORT, name: 'bench-start-up' })

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * Milliseconds from the spawn to the first 200 from /api/health/live; the process is killed after.
 * @param {{ args: string[] }} way
 * @returns {Promise<number>}
 */
async function startOnce({ args }) {
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: String(PORT), NODE_ENV: 'production' },
    stdio: 'ignore',
    detached: true,
  })
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      const status = await fetch(`http://127.0.0.1:${PORT}/api/health/live`, { signal: AbortSignal.timeout(1_000) })
        .then((response) => response.status)
        .catch(() => 0)
      if (status === 200) return Math.round(performance.now() - started)
      await sleep(POLL_MS)
    }
    throw new Error(`no answer within ${GIVE_UP_MS} ms`)
  } finally {
    // Its own process group (detached); one that did not start has no pid, and its 'error' ends this process.
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL')
    await sleep(SETTLE_MS)
  }
}

// One start of each first, unmeasured: the disk cache of the files, not the module loader, would count.
for (const way of Object.values(WAYS)) await startOnce(way)
/** @type {Record<string, number[]>} */
const times = Object.fromEntries(Object.keys(WAYS).map((name) => [name, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, way] of Object.entries(WAYS)) {
    way.before?.()
    times[name].push(await startOnce(way))
  }
  console.log(
    `round ${round + 1}: ${Object.entries(times)
      .map(([name, list]) => `${name} ${list.at(-1)} ms`)
      .join(', ')}`,
  )
}

const medians = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]))
const ratio = (/** @type {string} */ name) => Number((medians[name] / medians.plain).toFixed(2))
const result = {
  measuredAt: new Date().toISOString(),
  machine: `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at the end`,
  node: process.version,
  rounds: ROUNDS,
  times,
  medians,
  ratioToPlain: { 'quick, first start': ratio('quick, first start'), quick: ratio('quick') },
}
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(result, null, 2)}\n`)
const rows = Object.keys(WAYS).map(
  (name) => `| ${name} | ${medians[name]} ms | ${name === 'plain' ? '1' : ratio(name)} | ${times[name].join(', ')} |`,
)
writeResultsSection(
  [
    SECTION_START,
    '## Instance start-up',
    '',
    `\`node bench/start-up.mjs\`, ${result.measuredAt} (${result.machine}, Node ${result.node}): from the`,
    `spawn of an instance to its first 200 from \`/api/health/live\`, ${ROUNDS} rounds interleaved.`,
    '',
    '| start | median | ratio to plain | each round |',
    '| --- | --- | --- | --- |',
    ...rows,
    SECTION_END,
  ].join('\n'),
  SECTION_START,
  SECTION_END,
)
console.log(JSON.stringify(result.medians), JSON.stringify(result.ratioToPlain))
