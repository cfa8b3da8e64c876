import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { CONTACT_QUEUE } from '@/contact/delivery/constants'
import { acceptSubmission } from '@/contact/server/submit'
import { buildSiteConfig } from '@/payload.config'
import type { FormSubmission } from '@/payload-types'
import { createContactForm, validFields } from './contact'
import { startSmtpServer } from './smtp'

// Retries wait 1 ms * 2^n here instead of 30 s * 2^n, so the whole retry ladder runs in seconds.
process.env.CONTACT_DELIVERY_BACKOFF_MS = '1'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-delivery-'))
export const databaseUrl = `file:${path.join(dir, 'site.db')}`

/** The suite's first Payload on that file, and the SMTP server of the test that runs. */
export let payload: Payload
export let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let instance = 0

/** Another Payload on the suite's database file, as a second process would have. */
export const startInstance = async () => {
  const cms = await getPayload({ config: buildSiteConfig(databaseUrl), key: `delivery-${process.pid}-${++instance}` })
  await migrateDatabase(cms)
  return cms
}

/** Starts the test's SMTP server again on `port`, as a mail server that comes back after being down. */
export async function restartSmtpOn(port: number) {
  smtp = await startSmtpServer(port)
}

/** Registers the delivery suite's hooks: a Payload with the contact form, and a new SMTP server for each test. */
export function setUpDeliverySuite() {
  beforeAll(async () => {
    payload = await startInstance()
    await createContactForm(payload)
  })
  afterAll(async () => {
    await payload?.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    smtp = await startSmtpServer()
    process.env.SMTP_URL = smtp.url
  })
  afterEach(async () => {
    await smtp.close()
    delete process.env.SMTP_URL
  })
}

export async function submit(overrides: Record<string, string> = {}) {
  const outcome = await acceptSubmission(payload, {
    formId: 115,
    pairs: validFields(overrides),
    pageUrl: 'http://localhost:3000/contact',
    remoteIp: '127.0.0.1',
  })
  if (!outcome.ok || outcome.submissionId === null) throw new Error(`not accepted: ${JSON.stringify(outcome)}`)
  return outcome.submissionId
}

export const submission = (id: number | string, cms = payload) =>
  cms.findByID({ collection: 'form-submissions', id, depth: 0 }) as Promise<FormSubmission>

export const mailsMentioning = (marker: string) => smtp.received.filter((mail) => mail.raw.includes(marker))

export const jobsFor = async (submissionId: number | string) =>
  (
    await payload.find({ collection: 'payload-jobs', where: { queue: { equals: CONTACT_QUEUE } }, limit: 0 })
  ).docs.filter((job) => (job.input as { submissionId?: number }).submissionId === submissionId)

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
