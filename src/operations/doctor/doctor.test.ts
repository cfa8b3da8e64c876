import { describe, expect, it } from 'vitest'
import type { CheckResult } from './check'
import { withinBound } from './check'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exitCodeOf, FRONT_SERVERS_CHECKS, formatResult, runDoctor, summaryOf } from './doctor'

const result = (status: CheckResult['status'], fix?: string): CheckResult => ({
  name: 'x',
  status,
  detail: 'found',
  fix,
})

describe('the doctor', () => {
  it('answers a check that never settles as failed once its bound has passed', async () => {
    const bound = 100
    const started = performance.now()
    const late = await withinBound('redis', () => new Promise<CheckResult>(() => {}), bound)
    expect(performance.now() - started).toBeLessThan(bound + 500)
    expect(late).toMatchObject({ name: 'redis', status: 'fail', detail: 'no answer within 0.1 s' })
  })

  it('answers a check that throws as failed, with the error', async () => {
    const thrown = await withinBound('disk', () => {
      throw new Error('EACCES: permission denied')
    })
    expect(thrown).toMatchObject({ name: 'disk', status: 'fail', detail: 'EACCES: permission denied' })
  })

  it('prints one line a check, the fix when there is one', () => {
    expect(formatResult({ name: 'backup', status: 'warn', detail: 'old', fix: 'run it' })).toBe(
      'warn  backup         old. Fix: run it.',
    )
    expect(formatResult({ name: 'node', status: 'ok', detail: 'Node 24' })).toBe('ok    node           Node 24')
  })

  it('exits 1 when a check fails, 0 with warnings unless strict, and counts each status', () => {
    const mixed = [result('ok'), result('warn', 'soon'), result('off')]
    expect(exitCodeOf(mixed)).toBe(0)
    expect(exitCodeOf(mixed, { strict: true })).toBe(1)
    expect(exitCodeOf([...mixed, result('fail', 'now')])).toBe(1)
    expect(summaryOf([...mixed, result('fail', 'now')])).toBe('1 ok, 1 warn, 1 fail, 1 off')
  })

  it('on a server without a front, turns off the certificate and backup checks and names the server to ask', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-no-front-'))
    try {
      const settings = {
        root: process.cwd(),
        nodeVersion: process.version,
        dataDir: dir,
        database: { url: undefined, sqliteFile: path.join(dir, 'site.db') },
        redisUrl: undefined,
        smtpUrl: undefined,
        production: true,
        // An empty backup folder and no certificate: what fails or is off on a server with a front.
        backupDir: dir,
        offsite: null,
        certificateFile: null,
        secretsFile: null,
      }
      const withFront = await runDoctor(settings, 2_000)
      expect(withFront.find((check) => check.name === 'backup')?.status).toBe('fail')
      const behindFront = await runDoctor({ ...settings, frontElsewhere: true }, 2_000)
      const frontServers = behindFront.filter((check) => FRONT_SERVERS_CHECKS.includes(check.name))
      expect(frontServers.map((check) => check.name)).toEqual(['certificate', 'backup', 'off-site copy'])
      for (const check of frontServers) {
        expect(check.status).toBe('off')
        expect(check.detail).toContain('run the doctor on the server whose front sends visitors here')
      }
      // The rest are the same checks either way.
      const others = (results: typeof withFront) =>
        results.filter((check) => !FRONT_SERVERS_CHECKS.includes(check.name)).map((check) => check.name)
      expect(others(behindFront)).toEqual(others(withFront))
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
