import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { database as sqlDatabase, sql, type Database } from '@/platform/sql'
import { databaseReplayGuard, SPENT_ANSWER_PRUNE_INTERVAL_MS, spentAnswerKey } from '@/contact/captcha/replayGuard'
import { CAPTCHA_ERROR } from '@/contact/protocol'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { SUBMIT_MESSAGES, SUBMIT_RETRY_AFTER_S } from '@/contact/server/submit'
import { buildSiteConfig } from '@/payload.config'
import { solvedAltcha } from '../support/altcha'
import { createContactForm, jsonPost, validFields } from '../support/contact'
import { postgresDatabase } from '../support/sharedPostgres'

// Without REDIS_URL the spent proof-of-work answers live in the site's database.
delete process.env.REDIS_URL

let instance = 0
const startInstance = async (databaseUrl: string) => {
  const payload = await getPayload({ config: buildSiteConfig(databaseUrl), key: `replay-${process.pid}-${++instance}` })
  await migrateDatabase(payload)
  return payload
}

const send = async (payload: Payload, captcha: string, name: string) =>
  handleContactPost(await jsonPost({ formId: 115, fields: validFields({ name }), captcha }), {
    payload: async () => payload,
  })

async function expectCaptchaRefused(response: Response) {
  expect(response.status).toBe(403)
  expect(await response.json()).toEqual({ ok: false, error: CAPTCHA_ERROR })
}

const storedNamed = async (payload: Payload, name: string) =>
  (await payload.count({ collection: 'form-submissions', where: { summary: { contains: name } } })).totalDocs

/** Runs `during` while every write of a spent answer fails, as writes to a failing database do, then heals it. */
async function withSpentAnswersFailing(db: Database, during: () => Promise<void>) {
  if (db.dialect === 'sqlite') {
    await db.run(sql`CREATE TRIGGER test_refuse_answer BEFORE INSERT ON captcha_answers
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
  } else {
    await db.run(sql`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`)
    await db.run(
      sql`CREATE TRIGGER test_refuse_answer BEFORE INSERT ON captcha_answers FOR EACH ROW EXECUTE FUNCTION test_refuse()`,
    )
  }
  try {
    await during()
  } finally {
    await db.run(
      db.dialect === 'sqlite'
        ? sql`DROP TRIGGER test_refuse_answer`
        : sql`DROP TRIGGER test_refuse_answer ON captcha_answers`,
    )
  }
}

const databases: Array<{ name: string; open: () => Promise<{ url: string; close: () => unknown }> }> = [
  {
    name: 'SQLite',
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-replay-'))
      return { url: `file:${path.join(dir, 'site.db')}`, close: () => fs.rmSync(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const postgres = await postgresDatabase()
      return { url: postgres.url, close: () => postgres.stop() }
    },
  },
]

for (const database of databases) {
  describe(`spent captcha answers on ${database.name}, without Redis`, () => {
    let url: string
    let close: () => unknown
    let first: Payload
    let second: Payload

    beforeAll(async () => {
      ;({ url, close } = await database.open())
      first = await startInstance(url)
      await createContactForm(first, { captcha: true })
      second = await startInstance(url)
    })
    afterAll(async () => {
      await first?.destroy().catch(() => undefined)
      await second?.destroy()
      await close?.()
    })

    it('refuses an answer used before a restart', async () => {
      const answer = await solvedAltcha()
      expect((await send(first, answer, 'Before Restart')).status).toBe(200)
      // Remembered in the database itself, not in the memory of this process.
      const { signature } = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as { signature: string }
      const spent = await sqlDatabase(first).all(
        sql`SELECT expires_at FROM captcha_answers WHERE key = ${spentAnswerKey(signature)}`,
      )
      expect(spent).toHaveLength(1)
      await first.destroy()
      first = await startInstance(url)
      await expectCaptchaRefused(await send(first, answer, 'After Restart'))
      expect(await storedNamed(first, 'After Restart')).toBe(0)
    })

    it('refuses on one instance an answer the other accepted', async () => {
      const answer = await solvedAltcha()
      expect((await send(first, answer, 'First Instance')).status).toBe(200)
      await expectCaptchaRefused(await send(second, answer, 'Second Instance'))
    })

    it('accepts exactly one of the same answer sent to both instances at once', async () => {
      for (let round = 0; round < 3; round++) {
        const answer = await solvedAltcha()
        const name = `Simultaneous ${round}`
        const responses = await Promise.all([
          send(first, answer, name),
          send(second, answer, name),
          send(first, answer, name),
        ])
        expect(responses.map((response) => response.status).sort()).toEqual([200, 403, 403])
        expect(await storedNamed(first, name)).toBe(1)
      }
    })

    it('answers 503 and stores nothing, not the captcha error, when the spent answers cannot be recorded', async () => {
      const answer = await solvedAltcha()
      await withSpentAnswersFailing(sqlDatabase(first), async () => {
        const response = await send(first, answer, 'Spent Answers Down')
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe(String(SUBMIT_RETRY_AFTER_S))
        expect(await response.json()).toEqual({ ok: false, error: SUBMIT_MESSAGES.unavailable })
      })
      expect(await storedNamed(first, 'Spent Answers Down')).toBe(0)
    })

    it('sweeps expired answers from the table, keeping live ones', async () => {
      let now = Date.parse('2026-11-22T12:00:00Z')
      const guard = databaseReplayGuard(first, () => now)
      expect(await guard.claim('short-lived', 1_000)).toBe(true)
      expect(await guard.claim('short-lived', 1_000)).toBe(false)
      now += SPENT_ANSWER_PRUNE_INTERVAL_MS + 1
      expect(await guard.claim('long-lived', 10 * 60_000)).toBe(true)
      const rows = await sqlDatabase(first).all(
        sql`SELECT key FROM captcha_answers WHERE key IN (${spentAnswerKey('short-lived')}, ${spentAnswerKey('long-lived')})`,
      )
      expect(rows.map((row) => row.key)).toEqual([spentAnswerKey('long-lived')])
    })
  })
}
