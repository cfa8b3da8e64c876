import { createHash } from 'node:crypto'
import type { Payload } from 'payload'
import { database, sql } from '@/platform/sql'
import { withSharedRedis } from '@/security/redis'

/** Remembers answers already accepted, until they could no longer be accepted anyway. */
export interface ReplayGuard {
  /** True the first time a key is seen within its lifetime, false ever after. */
  claim(key: string, ttlMs: number): Promise<boolean>
}

/** Expired answers are swept from the database at most this often per process. */
export const SPENT_ANSWER_PRUNE_INTERVAL_MS = 60_000

/** What is stored for an answer: a fixed-length digest, whatever the key looked like. */
export const spentAnswerKey = (key: string) => createHash('sha256').update(key).digest('hex')

/**
 * Spent answers in the site's own database (the hidden `captcha-answers` collection): the unique
 * key lets exactly one insert win, between concurrent requests, instances, and across restarts.
 */
export function databaseReplayGuard(payload: Payload, now: () => number = Date.now): ReplayGuard {
  const db = database(payload)
  let lastPrune = 0
  const prune = async (at: number) => {
    if (at - lastPrune < SPENT_ANSWER_PRUNE_INTERVAL_MS) return
    lastPrune = at
    try {
      await db.run(sql`DELETE FROM captcha_answers WHERE expires_at < ${new Date(at).toISOString()}`)
    } catch (error) {
      payload.logger.warn({ err: error }, 'captcha: could not prune spent answers')
    }
  }
  return {
    async claim(key, ttlMs) {
      const at = now()
      await prune(at)
      const rows = await db.all(sql`
        INSERT INTO captcha_answers (key, expires_at) VALUES (${spentAnswerKey(key)}, ${new Date(at + ttlMs).toISOString()})
        ON CONFLICT (key) DO NOTHING RETURNING id`)
      return rows.length === 1
    },
  }
}

/**
 * Spent answers in Redis, shared by every instance. While Redis is unreachable or slow, `fallback`
 * (the database) keeps them, so an answer is still accepted once. An answer spent in the database
 * during an outage is not known to Redis afterwards; answers expire within minutes of being issued.
 */
export function redisReplayGuard(url: string, fallback: ReplayGuard): ReplayGuard {
  return {
    async claim(key, ttlMs) {
      let claimed: string | null
      try {
        claimed = await withSharedRedis(url, (redis) => redis.set(`captcha:used:${key}`, '1', { NX: true, PX: ttlMs }))
      } catch {
        return fallback.claim(key, ttlMs)
      }
      return claimed === 'OK'
    },
  }
}

const databaseGuards = new WeakMap<Payload, ReplayGuard>()

function databaseGuardOf(payload: Payload): ReplayGuard {
  let guard = databaseGuards.get(payload)
  if (!guard) {
    guard = databaseReplayGuard(payload)
    databaseGuards.set(payload, guard)
  }
  return guard
}

/** Redis when REDIS_URL is set (shared by every instance, the database while it is down), otherwise the site's database. */
export function captchaReplayGuard(payload: Payload): ReplayGuard {
  const database = databaseGuardOf(payload)
  return process.env.REDIS_URL ? redisReplayGuard(process.env.REDIS_URL, database) : database
}
