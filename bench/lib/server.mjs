// Starts the production build on a fresh seeded database for a benchmark, and stops it after.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt, ensureInstalled, ROOT, setUpDatabase } from '../../scripts/lib/bootstrap.mjs'

/**
 * A fresh seeded SQLite database for a benchmark's server on `port`, and the settings to serve it with.
 * @param {{ port: number, name: string }} options
 * @returns {Promise<NodeJS.ProcessEnv>}
 */
export async function seededBenchEnv({ port, name }) {
  ensureInstalled()
  const dataDir = path.join(ROOT, '.tmp', name)
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const env = {
    ...process.env,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'bench-secret',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SERVER_URL: `http://127.0.0.1:${port}`,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  ensureBuilt(env)
  await setUpDatabase(env)
  return env
}

/**
 * @param {{ port?: number, name?: string }} [options]
 * @returns {Promise<{ origin: string, stop: () => void }>}
 */
export async function startBenchServer({ port = Number(process.env.BENCH_PORT || 3200), name = 'bench' } = {}) {
  const env = await seededBenchEnv({ port, name })
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: 'ignore',
    detached: true,
  })
  const origin = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  // Warm the routes so that first-compile work is not measured.
  for (const page of ['/', '/services', '/contact']) await fetch(origin + page)
  // Its own process group (detached), ended whole; a server that did not start has no pid, and its 'error' ends this process.
  const group = -(/** @type {number} */ (child.pid))
  return { origin, stop: () => process.kill(group, 'SIGTERM') }
}
