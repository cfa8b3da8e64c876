import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { database as sqlDatabase, sql } from '@/platform/sql'
import { databaseReplayGuard, SPENT_ANSWER_PRUNE_INTERVAL_MS, spentAnswerKey } from '@/contact/captcha/replayGuard'
import { CAPTCHA_ERROR } from '@/contact/protocol'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { buildSiteConfig } from '@/payload.config'
import { solvedAltcha } from '../support/altcha'
import { createContactForm, jsonPost, validFields } from '../support/contact'
import { startTempPostgres, type TempPostgres } from '../support/postgres'

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

const databases: Array<{ name: string; open: () => Promise<{ url: string; close: () => void }> }> = [
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
      const postgres: TempPostgres = await startTempPostgres()
      return { url: postgres.url, close: () => postgres.stop() }
    },
  },
]

for (const database of databases) {
  describe(`spent captcha answers on ${database.name}, without Redis`, () => {
    let url: string
    let close: () => void
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
      close?.()
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
