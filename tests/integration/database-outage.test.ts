import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { handleLegacyPost } from '@/contact/server/legacyEndpoint'
import { SUBMIT_MESSAGES, SUBMIT_RETRY_AFTER_S } from '@/contact/server/submit'
import { CHAT_UNAVAILABLE_MESSAGE, CHAT_UNAVAILABLE_RETRY_AFTER_S } from '@/chat/server/http/guards'
import { answerVisitorPost } from '@/chat/server/http/visitor'
import { checkReadiness } from '@/platform/health'
import { SEED_BUSINESS } from '@/setup/seed/content/business'
import { FORM_ID_FIELD } from '@/contact/protocol'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'
import { proxyTrustFrom } from '@/server/clientAddress'
import { MAINTENANCE_PAGE_CSP, MAINTENANCE_RETRY_AFTER_S } from '@/server/maintenancePage'
import { siteRequestListener } from '@/server/requestListener'
import { createContactForm, formPost, jsonPost, validFields } from '../support/contact'
import { startTestPayload } from '../support/payload'
import { startTempPostgres, type TempPostgres } from '../support/postgres'

/** No answer may wait longer than this for a database that is down. */
const OUTAGE_ANSWER_MS = 2_000
/** How soon after the database returns the site must serve again, without a restart. */
const HEALED_WITHIN_MS = 15_000

let postgres: TempPostgres
let payload: Payload
let cleanup: () => Promise<void>
const savedUrl = process.env.DATABASE_URL

beforeAll(async () => {
  postgres = await startTempPostgres()
  ;({ payload, cleanup } = await startTestPayload(postgres.url))
  await createContactForm(payload)
  process.env.DATABASE_URL = postgres.url
}, 120_000)

afterAll(async () => {
  if (savedUrl === undefined) delete process.env.DATABASE_URL
  else process.env.DATABASE_URL = savedUrl
  await cleanup?.()
  postgres?.stop()
})

type HeldConnection = { once: (event: 'end', listener: () => void) => void; release: (destroy?: boolean) => void }

let accepted = 0
const deps = { payload: async () => payload, onAccepted: () => void accepted++ }
const contactBody = (name: string) => ({ formId: 115, fields: validFields({ name }) })
/** The form's fields as a browser posts them: a repeated name for each item of a multiple choice. */
function formFields(name: string, into = new URLSearchParams()): URLSearchParams {
  for (const { name: field, value } of validFields({ name }))
    for (const item of Array.isArray(value) ? value : [value]) into.append(field, item)
  return into
}
const stored = async () => (await payload.count({ collection: 'form-submissions' })).totalDocs

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await work()
  return { value, ms: performance.now() - start }
}

/** The site's server in front of a stand-in for Next whose page render fails, as it does without its database. */
async function serverWithFailingRender(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(
    siteRequestListener({
      handle: (_req, res) => {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end('<!doctype html><html><body><p>Render failed</p></body></html>')
      },
      trust: proxyTrustFrom(''),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

describe('PostgreSQL killed, then back', () => {
  it('a contact post answers 503 at once and stores nothing; the no-script and legacy posts too; all store again once it returns', async () => {
    expect((await handleContactPost(await jsonPost(contactBody('Before Outage')), deps)).status).toBe(200)
    expect(await stored()).toBe(1)
    const site = await serverWithFailingRender()
    // A connection a request holds between two queries (a transaction) when the server dies.
    const pool = (payload.db as unknown as { pool: { connect: () => Promise<HeldConnection> } }).pool
    const held = await pool.connect()
    const logged = vi.spyOn(console, 'error')
    try {
      await postgres.kill()
      await new Promise<void>((resolve) => {
        held.once('end', () => resolve())
        setTimeout(resolve, OUTAGE_ANSWER_MS)
      })
      // Its error is logged, never thrown at the process (which would end it).
      expect(logged.mock.calls.some(([line]) => String(line).includes('a connection in use failed'))).toBe(true)
      held.release(true)

      const answer = await timed(async () => handleContactPost(await jsonPost(contactBody('During Outage')), deps))
      expect(answer.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(answer.value.status).toBe(503)
      expect(answer.value.headers.get('retry-after')).toBe(String(SUBMIT_RETRY_AFTER_S))
      expect(await answer.value.json()).toEqual({ ok: false, error: SUBMIT_MESSAGES.unavailable })

      // Without JavaScript, the answer page shows the error and keeps what the visitor typed.
      const params = formFields('Kept While Down', new URLSearchParams({ [FORM_ID_FIELD]: '115' }))
      const noScript = await timed(async () =>
        handleContactPost(await formPost(params, { tokenField: CSRF_FORM_FIELD }), deps),
      )
      expect(noScript.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(noScript.value.status).toBe(503)
      const page = await noScript.value.text()
      expect(page).toContain('Kept While Down')
      expect(page).toContain('briefly unavailable')

      // The old site's script posts the same fields, serialised in its `data` parameter.
      const data = formFields('Legacy While Down').toString()
      const legacyParams = new URLSearchParams({ option: 'com_ajax', module: 'contact', format: 'raw', data })
      const legacy = await timed(async () =>
        handleLegacyPost(await formPost(legacyParams, { path: '/index.php', csrf: null }), deps),
      )
      expect(legacy.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(legacy.value.status).toBe(503)
      expect(await legacy.value.text()).toBe(SUBMIT_MESSAGES.unavailable)

      // A chat message gets a plain 503 too, at once.
      const chat = await timed(() =>
        answerVisitorPost(
          new Request('http://site.test/api/chat/visitor', {
            method: 'POST',
            headers: { host: 'site.test', origin: 'http://site.test', 'content-type': 'application/json' },
            body: JSON.stringify({ action: 'message', text: 'Hello while the database is down' }),
          }),
          payload,
        ),
      )
      expect(chat.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(chat.value.status).toBe(503)
      expect(chat.value.headers.get('retry-after')).toBe(String(CHAT_UNAVAILABLE_RETRY_AFTER_S))
      expect(await chat.value.json()).toEqual({ ok: false, error: CHAT_UNAVAILABLE_MESSAGE })

      // Readiness names the database, within a second; what it says holds nothing internal.
      const readiness = await timed(() => checkReadiness(() => payload.count({ collection: 'pages' }), undefined))
      expect(readiness.ms).toBeLessThan(1_000)
      expect(readiness.value).toEqual({ ok: false, status: 'down', database: 'down', redis: 'off', storage: 'off' })

      // A page that failed meanwhile is the site's maintenance page, never a bare error.
      const maintenance = await timed(() => fetch(`${site.url}/faq`))
      expect(maintenance.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(maintenance.value.status).toBe(503)
      expect(maintenance.value.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_AFTER_S))
      expect(maintenance.value.headers.get('cache-control')).toBe('no-store')
      expect(maintenance.value.headers.get('content-security-policy')).toBe(MAINTENANCE_PAGE_CSP)
      const words = await maintenance.value.text()
      expect(words).toContain('We’ll be right back')
      expect(words).toContain(SEED_BUSINESS.phone)
      expect(words).not.toContain('<script')

      await postgres.restart()
      await expect
        .poll(async () => (await checkReadiness(() => payload.count({ collection: 'pages' }), undefined)).status, {
          timeout: HEALED_WITHIN_MS,
        })
        .toBe('ok')
      const before = accepted
      await expect
        .poll(async () => (await handleContactPost(await jsonPost(contactBody('After Outage')), deps)).status, {
          timeout: HEALED_WITHIN_MS,
          interval: 500,
        })
        .toBe(200)
      // Exactly what was accepted is stored: the first post and those answered 200 since.
      expect(await stored()).toBe(1 + (accepted - before))
      // With the database back, a failed render is the app's own error page again (500, not maintenance).
      await expect.poll(async () => (await fetch(`${site.url}/faq`)).status, { timeout: HEALED_WITHIN_MS }).toBe(500)
    } finally {
      site.close()
      logged.mockRestore()
    }
  }, 90_000)
})
