import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './ports'

/** A throwaway PostgreSQL cluster on loopback, owned by the `postgres` system user. */
export type TempPostgres = {
  url: string
  stop: () => void
  /** Kills the server as a crash would (SIGKILL), and waits until it is gone. */
  kill: () => Promise<void>
  /** Starts the server again on the same data and port after `kill`, and waits until it answers. */
  restart: () => Promise<void>
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  if (!versions.length) throw new Error('PostgreSQL is not installed (npm test installs Debian’s postgresql).')
  return path.join(root, versions[0], 'bin')
}

/** Run as root (as `npm test` is here), the cluster belongs to the `postgres` system user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })))
  return { uid, gid }
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = postgresBinDir()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pg-'))
  fs.chmodSync(dir, 0o777)
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const user = postgresUser()
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { stdio: 'pipe', ...user },
  )
  // Started directly (not through runuser), so that the signal to stop reaches the server itself.
  const launch = () =>
    spawn(
      path.join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
      { stdio: 'ignore', ...user },
    )
  let server = launch()
  // Smart shutdown: no new connections, and the server ends once the last client has gone, so
  // pooled connections are never cut under a test. Also sent when the test process exits without
  // stopping it (a failed set-up), so that no cluster outlives the run.
  const stopServer = () => server.kill('SIGTERM')
  process.once('exit', stopServer)
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const answers = async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'pipe' })
        return
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }
  await answers()
  return {
    url,
    stop: () => {
      process.off('exit', stopServer)
      stopServer()
      fs.rmSync(dir, { recursive: true, force: true })
    },
    kill: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGKILL')
      await exited
    },
    restart: async () => {
      // The killed server's backends leave within moments; until then a new one refuses to start.
      for (let attempt = 0; attempt < 50; attempt++) {
        server = launch()
        const early = await Promise.race([
          new Promise<boolean>((resolve) => server.once('exit', () => resolve(true))),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
        ])
        if (!early) break
      }
      await answers()
    },
  }
}
