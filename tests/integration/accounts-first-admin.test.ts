// `npm start`'s set-up on a fresh data folder with its output going to a pipe (a log, a service
// manager): the first admin's password must not be in what it prints.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { OWNER_ONLY_MODE } from '@/setup/firstAdmin'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-first-admin-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Runs scripts/lib/bootstrap.mjs's set-up in a child whose standard output is a pipe, not a terminal. */
function setUpWithPipedOutput(): Promise<{ status: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', "await (await import('./scripts/lib/bootstrap.mjs')).setUpDatabase()"],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', E2E_ADMIN_FILE: '', ADMIN_EMAIL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })))
}

describe('the first admin’s password on a first start without a terminal', () => {
  it('goes to a file under the data folder only its owner reads, and only that file’s path is printed', async () => {
    const { status, output } = await setUpWithPipedOutput()
    expect(status, output).toBe(0)
    const file = path.join(dataDir, 'first-admin.txt')
    expect(output).toContain(file)
    expect(fs.statSync(file).mode & 0o777).toBe(OWNER_ONLY_MODE)
    const password = /password:\s*(\S+)/.exec(fs.readFileSync(file, 'utf8'))?.[1]
    expect(password).toBeTruthy()
    expect(output).not.toContain(password)
  }, 300_000)
})
