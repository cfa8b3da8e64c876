import { describe, expect, it } from 'vitest'
import type { CheckResult } from './check'
import { withinBound } from './check'
import { exitCodeOf, formatResult, summaryOf } from './doctor'

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
})
