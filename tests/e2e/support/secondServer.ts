import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/**
 * Another server (scripts/serve.mjs) of the same build on the e2e server's database (same DATA_DIR), which a
 * test may stop and start again: a real server restart under a running chat. `overrides` change its
 * environment (the hostile-traffic suite runs one that trusts no front).
 */
export function secondServer(port: number, e2ePort: number, overrides: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATA_DIR: path.resolve(process.cwd(), '.tmp', `e2e-${e2ePort}`),
    DATABASE_URL: '',
    SERVER_URL: origin,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'test-secret-not-for-production',
    REDIS_URL: '',
    ...overrides,
  }
  return {
    origin,
    async start() {
      child = spawn(process.execPath, ['scripts/serve.mjs'], {
        env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: 'ignore',
      })
      for (let attempt = 0; attempt < 240; attempt++) {
        const up = await fetch(`${origin}/api/health`)
          .then((response) => response.ok)
          .catch(() => false)
        if (up) return
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      throw new Error(`the second server on ${origin} did not come up`)
    },
    async stop() {
      const running = child
      child = null
      if (!running || running.exitCode !== null) return
      const exited = new Promise((resolve) => running.once('exit', resolve))
      // A hard stop, as a crash or a container restart: a graceful one would wait for the open
      // event streams, which never end by themselves.
      running.kill('SIGKILL')
      await exited
    },
  }
}
