import { describe, expect, it } from 'vitest'
import { CHAT_RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_MAX_TRIES, CHAT_RECONNECT_MIN_DELAY_MS } from './constants'
import { outcomeOfDynamicConfig } from './livechat/dynamicConfig'
import { type LookupOutcome, lookUpWithRetry } from './lookup'

const LIVECHAT_OK = {
  organization_id: 'org',
  livechat_active: true,
  default_widget: 'livechat',
  livechat: { group_id: 0, domain_allowed: true },
}

describe('the configuration lookup', () => {
  it(`retries a failing lookup ${CHAT_RECONNECT_MAX_TRIES} times with 500 ms to 5 s backoff, then reports region_failed`, async () => {
    const waits: number[] = []
    let attempts = 0
    const error = await lookUpWithRetry(
      async () => {
        attempts++
        return { kind: 'failed' }
      },
      async (ms) => void waits.push(ms),
    )
    expect(error).toBe('region_failed')
    expect(attempts).toBe(CHAT_RECONNECT_MAX_TRIES + 1)
    expect(waits.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 5000])
    expect(Math.min(...waits)).toBe(CHAT_RECONNECT_MIN_DELAY_MS)
    expect(Math.max(...waits)).toBe(CHAT_RECONNECT_MAX_DELAY_MS)
  })

  it('stops at the first answer: a refusal is final, a thrown error counts as a failure', async () => {
    const answers: (LookupOutcome | Error)[] = [
      new Error('network'),
      { kind: 'failed' },
      { kind: 'refused', error: 'license_expired' },
    ]
    let attempts = 0
    const error = await lookUpWithRetry(
      async () => {
        const answer = answers[attempts++]
        if (answer instanceof Error) throw answer
        return answer
      },
      async () => {},
    )
    expect(error).toBe('license_expired')
    expect(attempts).toBe(3)
    expect(await lookUpWithRetry(async () => ({ kind: 'ok' }))).toBeNull()
  })

  it("maps LiveChat's dynamic configuration to the widget's configuration errors", () => {
    expect(outcomeOfDynamicConfig(LIVECHAT_OK)).toEqual({ kind: 'ok' })
    expect(outcomeOfDynamicConfig({ error: { type: 'license_not_found' } })).toEqual({
      kind: 'refused',
      error: 'license_not_found',
    })
    expect(outcomeOfDynamicConfig({ error: { type: 'license_expired' } })).toEqual({
      kind: 'refused',
      error: 'license_expired',
    })
    expect(outcomeOfDynamicConfig({ ...LIVECHAT_OK, livechat_active: false })).toEqual({
      kind: 'refused',
      error: 'license_expired',
    })
    expect(outcomeOfDynamicConfig({ ...LIVECHAT_OK, livechat: { domain_allowed: false } })).toEqual({
      kind: 'refused',
      error: 'domain_not_allowed',
    })
    expect(outcomeOfDynamicConfig({ ...LIVECHAT_OK, default_widget: 'openwidget' })).toEqual({
      kind: 'refused',
      error: 'wrong_product',
    })
    // Nothing usable: retried, not a refusal.
    for (const answer of [null, 'text', 42, { error: { type: 'internal' } }]) {
      expect(outcomeOfDynamicConfig(answer)).toEqual({ kind: 'failed' })
    }
  })
})
