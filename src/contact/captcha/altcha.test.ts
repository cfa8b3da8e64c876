import { describe, expect, it } from 'vitest'
import { solvedAltcha } from '../../../tests/support/altcha'
import { altchaProvider } from './altcha'
import type { ReplayGuard } from './replayGuard'
import { CAPTCHA_PASSED, CAPTCHA_REFUSED } from './types'

/** A record of spent answers in memory, as the database keeps it. */
function memoryGuard(): ReplayGuard {
  const spent = new Set<string>()
  return {
    async claim(key) {
      if (spent.has(key)) return false
      spent.add(key)
      return true
    },
  }
}

const verify = (guard: ReplayGuard, answer: string) => altchaProvider(guard).verify(answer, {})

describe('altchaProvider verdicts', () => {
  it('passes a fresh solved answer once and refuses its replay', async () => {
    const guard = memoryGuard()
    const answer = await solvedAltcha(Date.now())
    expect(await verify(guard, answer)).toEqual(CAPTCHA_PASSED)
    expect(await verify(guard, answer)).toEqual(CAPTCHA_REFUSED)
  })

  it('refuses a malformed or tampered answer without asking the record of spent answers', async () => {
    const untouched: ReplayGuard = { claim: () => Promise.reject(new Error('not to be asked')) }
    expect(await verify(untouched, 'not base64 json')).toEqual(CAPTCHA_REFUSED)
    const answer = JSON.parse(Buffer.from(await solvedAltcha(Date.now()), 'base64').toString())
    const tampered = Buffer.from(JSON.stringify({ ...answer, number: answer.number + 1 })).toString('base64')
    expect(await verify(untouched, tampered)).toEqual(CAPTCHA_REFUSED)
  })

  it('is unavailable, as a storage failure, when the record of spent answers cannot be read', async () => {
    const failing: ReplayGuard = { claim: () => Promise.reject(new Error('database is down')) }
    expect(await verify(failing, await solvedAltcha(Date.now()))).toMatchObject({
      outcome: 'unavailable',
      failed: 'storage',
      reason: 'the record of spent captcha answers could not be read',
    })
  })
})
