import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOG_KEPT_FILES } from '../../deploy/lib/logFiles.mjs'

const SUPERVISOR = path.resolve(__dirname, '../../deploy/supervise.mjs')
/** An instance killed by a crash is answering again within this (the stack's promise). */
const BACK_WITHIN_MS = 5_000

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A small server standing in for an app instance: it answers with its pid and says when it is told to stop. */
const INSTANCE = `
const http = require('node:http')
const server = http.createServer((req, res) => res.end(String(process.pid)))
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => { console.log('instance told to stop'); server.close(() => process.exit(0)) })
`

const pidAnswering = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`)
    .then((response) => response.text())
    .then(Number)
    .catch(() => null)

describe('the stack’s supervisor (deploy/supervise.mjs)', () => {
  it(`starts an instance killed with SIGKILL again within ${BACK_WITHIN_MS / 1000} s, and on SIGTERM stops it for good`, async () => {
    const port = await freePort()
    const supervisor = spawn(process.execPath, [SUPERVISOR, '--', process.execPath, '-e', INSTANCE], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    supervisor.stdout.on('data', (chunk: Buffer) => (output += chunk))
    supervisor.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)))
    try {
      await expect.poll(() => pidAnswering(port), { timeout: 10_000 }).toBeGreaterThan(0)
      const first = (await pidAnswering(port))!
      for (const round of [1, 2]) {
        const pid = (await pidAnswering(port))!
        const killedAt = Date.now()
        process.kill(pid, 'SIGKILL')
        await expect
          .poll(
            async () => {
              const now = await pidAnswering(port)
              return now !== null && now !== pid
            },
            { timeout: BACK_WITHIN_MS, interval: 50 },
          )
          .toBe(true)
        expect(Date.now() - killedAt, `round ${round}`).toBeLessThan(BACK_WITHIN_MS)
      }
      expect(await pidAnswering(port)).not.toBe(first)
      expect(output).toMatch(/the process ended \(SIGKILL\); starting it again/)

      supervisor.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(output).toContain('instance told to stop')
      // Stopped for good: nothing answers, and nothing comes back.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await pidAnswering(port)).toBeNull()
    } finally {
      supervisor.kill('SIGKILL')
    }
  }, 30_000)

  it(`with --log, writes the instance's output and its own JSON lines to the file, rotated past LOG_MAX_BYTES with ${LOG_KEPT_FILES} old ones kept`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervise-log-'))
    const file = path.join(dir, 'app-3462.log')
    const maxBytes = 2_000
    // An instance that prints 300 numbered lines, then ends; the supervisor starts it again.
    const talker = `for (let i = 0; i < 300; i++) console.log('line ' + String(i).padStart(3, '0')); process.exit(0)`
    const supervisor = spawn(process.execPath, [SUPERVISOR, '--log', file, '--', process.execPath, '-e', talker], {
      env: { ...process.env, LOG_MAX_BYTES: String(maxBytes) },
      stdio: 'ignore',
    })
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)))
    try {
      await expect.poll(() => fs.existsSync(`${file}.${LOG_KEPT_FILES}`), { timeout: 10_000 }).toBe(true)
      supervisor.kill('SIGTERM')
      expect(await exited).toBe(0)
      const names = fs.readdirSync(dir).sort()
      expect(names).toEqual([
        'app-3462.log',
        ...Array.from({ length: LOG_KEPT_FILES }, (_, i) => `app-3462.log.${i + 1}`),
      ])
      for (const name of names) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(maxBytes)
      const lines = names.flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean))
      // Every line whole: the instance's own, or the supervisor's as JSON with its pid and time.
      for (const line of lines) {
        if (/^line \d{3}$/.test(line)) continue
        const said = JSON.parse(line) as { pid: number; time: string; msg: string }
        expect(said.pid).toBe(supervisor.pid)
        expect(said.time).toMatch(/^\d{4}-\d{2}-\d{2}T/)
        expect(said.msg).toMatch(/^supervise: /)
      }
    } finally {
      supervisor.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
