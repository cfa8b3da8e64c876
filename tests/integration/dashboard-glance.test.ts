// The admin dashboard's "At a glance" (src/dashboard/glance.ts), read from a real database, a
// real backup folder and a real certificate: what needs attention, for the account that looks.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveName } from '../../scripts/lib/backupArchives.mjs'
import { readGlance } from '@/dashboard/glance'
import type { User } from '@/payload-types'
import { createContactForm } from '../support/contact'
import { makeCertificate } from '../support/front'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-glance-'))
const users = {} as Record<'admin' | 'editor', User>
const NOW = new Date('2026-11-29T12:00:00Z')
const HOUR_MS = 3_600_000

const submission = (formId: number, deliveryStatus: string, handledAt?: string) =>
  payload.create({
    collection: 'form-submissions',
    data: { form: formId, submissionData: [{ field: 'name', value: 'Ada' }], deliveryStatus, handledAt } as never,
  })

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  const formId = await createContactForm(payload)
  await submission(formId, 'delivered')
  await submission(formId, 'delivered')
  await submission(formId, 'delivered', NOW.toISOString())
  await submission(formId, 'spam')
  await submission(formId, 'failed')
  await payload.create({
    collection: 'chat-conversations',
    data: { visitorTokenHash: 'a'.repeat(64), status: 'queued', name: 'Nell' } as never,
  })
  for (const role of ['admin', 'editor'] as const)
    users[role] = await payload.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: 'a-long-test-password', roles: [role] },
    })
})
afterAll(async () => {
  await cleanup?.()
  fs.rmSync(work, { recursive: true, force: true })
})

describe('the dashboard at a glance', () => {
  it('counts new requests (not handled, not spam), undelivered ones and waiting chats, each with its link', async () => {
    const glance = await readGlance(payload, users.admin, { env: {}, root: work, now: NOW })
    // New: the two delivered and the failed one not handled; not the handled one, not spam.
    expect(glance.newLeads).toEqual({
      count: 3,
      href: expect.stringMatching(/^\/admin\/collections\/form-submissions\?where/),
    })
    expect(glance.stuckLeads).toEqual({
      count: 1,
      href: expect.stringContaining('where[deliveryStatus][equals]=failed'),
    })
    expect(glance.waitingChats).toEqual({ count: 1, href: '/agent' })
  })

  it('shows an editor the requests but not the chats, which only chat staff may read', async () => {
    const glance = await readGlance(payload, users.editor, { env: {}, root: work, now: NOW })
    expect(glance.newLeads?.count).toBe(3)
    expect(glance.waitingChats).toBeNull()
  })

  it('says whether mail goes out, how old the last backup is, and the certificate’s days left, warning when each needs action', async () => {
    const backups = path.join(work, 'backups')
    const none = await readGlance(payload, users.admin, { env: { BACKUP_DIR: backups }, root: work, now: NOW })
    expect(none).toMatchObject({ mail: 'outbox', backup: 'none', certificate: null })

    fs.mkdirSync(backups)
    fs.writeFileSync(path.join(backups, archiveName('site', new Date(NOW.getTime() - 3 * HOUR_MS))), '')
    const { cert } = makeCertificate(work, 'www.example.com')
    const env = { BACKUP_DIR: backups, SMTP_URL: 'smtp://mail.example.com:587', TLS_CERT_FILE: cert }
    const fresh = await readGlance(payload, users.admin, { env, root: work, now: NOW })
    expect(fresh).toMatchObject({ mail: 'smtp', backup: { ageHours: 3, stale: false } })
    // The test's certificate lasts two days: under the doctor's 14, so the dashboard warns.
    expect(fresh.certificate).toEqual({ daysLeft: expect.any(Number), soon: true })
    expect(fresh.certificate!.daysLeft).toBeLessThanOrEqual(2)

    const later = await readGlance(payload, users.admin, {
      env,
      root: work,
      now: new Date(NOW.getTime() + 2 * 24 * HOUR_MS),
    })
    expect(later.backup).toEqual({ ageHours: 51, stale: true })
  })

  it('ticks the first-day checklist by what the site holds: phone, hours, mail, reviewed pages, a chat agent', async () => {
    const steps = async (env: Record<string, string> = {}) =>
      Object.fromEntries(
        (await readGlance(payload, users.admin, { env, root: work, now: NOW })).checklist.map((item) => [
          item.key,
          item.done,
        ]),
      )
    expect(await steps()).toEqual({ phone: false, hours: false, mail: false, pages: true, agent: false })

    const page = await payload.create({
      collection: 'pages',
      data: {
        title: 'Liens',
        slug: 'liens',
        layout: [{ blockType: 'hero', heading: 'Liens' }],
        _status: 'published',
      } as never,
    })
    expect((await steps()).pages).toBe(false)
    // Saved again a minute after it was made: the page's creation is moved back, as if the seed had
    // made it a minute before the owner read it and saved it.
    await payload.update({
      collection: 'pages',
      id: page.id,
      data: { createdAt: new Date(Date.now() - 60_000).toISOString(), title: 'Liens and judgments' } as never,
    })
    await payload.updateGlobal({
      slug: 'site-settings',
      data: {
        business: {
          name: 'Cardinal Title Research',
          state: 'Ohio',
          phone: '(614) 555-0142',
          openingHours: [{ days: ['mon'], opens: '09:00', closes: '17:00' }],
        },
      } as never,
    })
    await payload.create({
      collection: 'users',
      data: { email: 'agent@example.com', password: 'a-long-test-password', roles: ['agent'] },
    })
    expect(await steps({ SMTP_URL: 'smtp://mail.example.com:587' })).toEqual({
      phone: true,
      hours: true,
      mail: true,
      pages: true,
      agent: true,
    })
  })
})
