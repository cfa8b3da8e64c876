import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { database, type Sql, sql } from '@/platform/sql'
import { CONTACT_QUEUE, ORPHANED_SUBMISSION_AFTER_MS } from '@/contact/delivery/constants'
import { deliverSubmission } from '@/contact/delivery/deliver'
import { releaseHeldSubmission } from '@/contact/delivery/release'
import { claimDueJobs, requeueOrphanedSubmissions, runContactQueue } from '@/contact/delivery/runner'
import { acceptSubmission } from '@/contact/server/submit'
import { buildSiteConfig } from '@/payload.config'
import { createContactForm, validFields } from '../support/contact'
import { postgresDatabase } from '../support/sharedPostgres'
import { startSmtpServer } from '../support/smtp'

/** Submissions waiting when both instances start their runners. */
const QUEUED_SUBMISSIONS = 40
/** Passes each instance's runner makes at most; one or two are enough when nothing fails. */
const MAX_PASSES = 10

let postgres: Awaited<ReturnType<typeof postgresDatabase>>
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const instances: Payload[] = []

beforeAll(async () => {
  postgres = await postgresDatabase()
  smtp = await startSmtpServer()
  process.env.SMTP_URL = smtp.url
  for (let index = 0; index < 2; index++) {
    const payload = await getPayload({
      config: buildSiteConfig(postgres.url),
      key: `instances-${process.pid}-${index}`,
    })
    await migrateDatabase(payload)
    instances.push(payload)
  }
  await createContactForm(instances[0])
})
afterAll(async () => {
  for (const payload of instances) await payload.destroy()
  await smtp?.close()
  delete process.env.SMTP_URL
  await postgres?.stop()
})

async function submitMarked(payload: Payload, marker: string) {
  const outcome = await acceptSubmission(payload, {
    formId: 115,
    pairs: validFields({ name: marker }),
    remoteIp: '127.0.0.1',
  })
  if (!outcome.ok || outcome.submissionId === null) throw new Error(`not accepted: ${JSON.stringify(outcome)}`)
  return outcome.submissionId
}

const mailsMentioning = (marker: string) => smtp.received.filter((mail) => mail.raw.includes(marker))

const queuedJobs = async (payload: Payload) =>
  (await payload.count({ collection: 'payload-jobs', where: { queue: { equals: CONTACT_QUEUE } } })).totalDocs

describe('two site instances on one PostgreSQL', () => {
  it(`deliver each of ${QUEUED_SUBMISSIONS} queued submissions exactly once when their runners run at the same time`, async () => {
    const [first, second] = instances
    const markers: string[] = []
    for (let index = 0; index < QUEUED_SUBMISSIONS; index++) {
      const marker = `Parallel Sender ${index}x`
      markers.push(marker)
      const outcome = await acceptSubmission(index % 2 ? second : first, {
        formId: 115,
        pairs: validFields({ name: marker }),
        remoteIp: '127.0.0.1',
      })
      expect(outcome.ok).toBe(true)
    }
    expect(await queuedJobs(first)).toBe(QUEUED_SUBMISSIONS)

    for (let pass = 0; pass < MAX_PASSES && (await queuedJobs(first)) > 0; pass++)
      await Promise.all([runContactQueue(first), runContactQueue(second), runContactQueue(first)])

    expect(await queuedJobs(first)).toBe(0)
    const deliveries = markers.map((marker) => smtp.received.filter((mail) => mail.raw.includes(`${marker}`)).length)
    expect(deliveries).toEqual(markers.map(() => 1))
    expect(smtp.received).toHaveLength(QUEUED_SUBMISSIONS)
    const { docs } = await first.find({ collection: 'form-submissions', limit: 0, depth: 0 })
    expect(docs.map((doc) => doc.deliveryStatus)).toEqual(markers.map(() => 'delivered'))
    expect(docs.map((doc) => doc.deliveryAttempts)).toEqual(markers.map(() => 1))
  })

  it('hand out each due job to exactly one of them when both claim at the same time', async () => {
    const [first, second] = instances
    const ids = new Set<number>()
    for (let index = 0; index < 30; index++) await submitMarked(index % 2 ? first : second, `Claimed Once ${index}x`)
    const claims: number[][] = []
    for (let round = 0; round < 10; round++) {
      const batch = await Promise.all([claimDueJobs(first, 7), claimDueJobs(second, 7), claimDueJobs(first, 7)])
      claims.push(...batch)
      if (batch.every((claimed) => claimed.length === 0)) break
    }
    const claimed = claims.flat()
    for (const id of claimed) ids.add(id)
    expect(claimed).toHaveLength(30)
    expect(ids.size).toBe(30)
    // Give the claimed jobs back and let the runners deliver them, each once.
    await first.update({
      collection: 'payload-jobs',
      where: { queue: { equals: CONTACT_QUEUE } },
      data: { processing: false },
    })
    await Promise.all([runContactQueue(first), runContactQueue(second)])
    for (let index = 0; index < 30; index++) expect(mailsMentioning(`Claimed Once ${index}x`)).toHaveLength(1)
  })

  it('send a submission once when both deliver it at the same moment', async () => {
    const [first, second] = instances
    for (let round = 0; round < 5; round++) {
      const marker = `Same Moment ${round}x`
      const id = await submitMarked(first, marker)
      const outcomes = await Promise.all([deliverSubmission(first, id), deliverSubmission(second, id)])
      expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1)
      await Promise.all([runContactQueue(first), runContactQueue(second)])
      expect(mailsMentioning(marker)).toHaveLength(1)
    }
  })

  it('send a held submission once when both release it at the same moment', async () => {
    const [first, second] = instances
    await first.update({ collection: 'forms', id: 115, data: { captcha: true } })
    try {
      const outcome = await acceptSubmission(first, {
        formId: 115,
        pairs: validFields({ name: 'Held Twice Released' }),
        remoteIp: '127.0.0.1',
        noScript: true,
      })
      expect(outcome).toMatchObject({ ok: true, held: true })
      const id = (outcome as { submissionId: number }).submissionId
      expect((await second.findByID({ collection: 'form-submissions', id, depth: 0 })).deliveryStatus).toBe('held')
      const released = await Promise.all([releaseHeldSubmission(first, id), releaseHeldSubmission(second, id)])
      expect(released.filter(Boolean)).toHaveLength(1)
      for (let pass = 0; pass < MAX_PASSES && (await queuedJobs(first)) > 0; pass++)
        await Promise.all([runContactQueue(first), runContactQueue(second)])
      expect(mailsMentioning('Held Twice Released')).toHaveLength(1)
      expect((await first.findByID({ collection: 'form-submissions', id, depth: 0 })).deliveryStatus).toBe('delivered')
    } finally {
      await first.update({ collection: 'forms', id: 115, data: { captcha: false } })
    }
  })

  it('send once a submission left without its job, when both queue it again at the same time', async () => {
    const [first, second] = instances
    const id = await submitMarked(first, 'Lost Job Twice Found')
    await first.delete({
      collection: 'payload-jobs',
      where: { and: [{ queue: { equals: CONTACT_QUEUE } }, { 'input.submissionId': { equals: id } }] },
    })
    const later = Date.now() + ORPHANED_SUBMISSION_AFTER_MS + 1000
    const found = await Promise.all([
      requeueOrphanedSubmissions(first, later),
      requeueOrphanedSubmissions(second, later),
    ])
    expect(found.flat().filter((submissionId) => submissionId === id)).toHaveLength(1)
    for (let pass = 0; pass < MAX_PASSES && (await queuedJobs(first)) > 0; pass++)
      await Promise.all([runContactQueue(first), runContactQueue(second)])
    expect(mailsMentioning('Lost Job Twice Found')).toHaveLength(1)
    expect((await second.findByID({ collection: 'form-submissions', id, depth: 0 })).deliveryStatus).toBe('delivered')
  })
})

describe('a submission on PostgreSQL whose write does not commit', () => {
  const storedNamed = async (payload: Payload, name: string) =>
    (await payload.find({ collection: 'form-submissions', limit: 0, depth: 0 })).docs.filter((doc) =>
      JSON.stringify(doc.data).includes(name),
    ).length

  /** Runs `during` with a PostgreSQL trigger that fails the statement it names, then removes it. */
  async function withFailingTrigger(payload: Payload, create: Sql, drop: Sql, during: () => Promise<void>) {
    const db = database(payload)
    await db.run(sql`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`)
    await db.run(create)
    try {
      await during()
    } finally {
      await db.run(drop)
    }
  }

  it('is refused with a 503 (the visitor keeps the text) when its delivery job cannot be queued, not answered as received', async () => {
    const [first] = instances
    await withFailingTrigger(
      first,
      sql`CREATE TRIGGER test_refuse_job BEFORE INSERT ON payload_jobs FOR EACH ROW EXECUTE FUNCTION test_refuse()`,
      sql`DROP TRIGGER test_refuse_job ON payload_jobs`,
      async () => {
        const outcome = await acceptSubmission(first, {
          formId: 115,
          pairs: validFields({ name: 'Job Refused Sender' }),
          remoteIp: '127.0.0.1',
        })
        expect(outcome).toMatchObject({ ok: false, status: 503 })
      },
    )
    expect(await storedNamed(first, 'Job Refused Sender')).toBe(0)
    // Sent again once the database takes it: stored and delivered once.
    await submitMarked(first, 'Job Refused Sender')
    for (let pass = 0; pass < MAX_PASSES && (await queuedJobs(first)) > 0; pass++) await runContactQueue(first)
    expect(mailsMentioning('Job Refused Sender')).toHaveLength(1)
  })

  it('is refused with a 503 when the commit itself fails, which Payload does not report', async () => {
    const [first] = instances
    await withFailingTrigger(
      first,
      sql`CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER INSERT ON form_submissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse()`,
      sql`DROP TRIGGER test_refuse_commit ON form_submissions`,
      async () => {
        const outcome = await acceptSubmission(first, {
          formId: 115,
          pairs: validFields({ name: 'Commit Refused Sender' }),
          remoteIp: '127.0.0.1',
        })
        expect(outcome).toMatchObject({ ok: false, status: 503 })
      },
    )
    expect(await storedNamed(first, 'Commit Refused Sender')).toBe(0)
  })
})
