import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  CONTACT_QUEUE,
  DELIVERY_MAX_ATTEMPTS,
  deliveryLease,
  ORPHANED_SUBMISSION_AFTER_MS,
} from '@/contact/delivery/constants'
import { CLAIMED_ELSEWHERE, deliverSubmission } from '@/contact/delivery/deliver'
import { reclaimStaleJobs, requeueOrphanedSubmissions, runContactQueue } from '@/contact/delivery/runner'
import { OUTBOX_DIR } from '@/platform/mailTransport'
import { RECIPIENT } from '../support/contact'
import { killTsxChildren, startTsxChildUntil } from '../support/tsxChild'
import {
  databaseUrl,
  jobsFor,
  mailsMentioning,
  pause,
  payload,
  restartSmtpOn,
  setUpDeliverySuite,
  smtp,
  startInstance,
  submission,
  submit,
} from '../support/contactDelivery'
import { withShortLease } from '../support/deliveryLease'

withShortLease()
setUpDeliverySuite()
// A test that failed halfway leaves no child running behind the suite.
afterAll(killTsxChildren)

describe('contact delivery', () => {
  it('stores the submission as queued before anything is sent', async () => {
    const id = await submit({ name: 'Queued Before Send' })
    const stored = await submission(id)
    expect(stored.deliveryStatus).toBe('queued')
    expect(stored.pageUrl).toBe('http://localhost:3000/contact')
    expect(stored.data?.find((item) => item.name === 'properties')?.value).toBe('residential\nland')
    expect(smtp.received).toHaveLength(0)
    const jobs = await payload.find({ collection: 'payload-jobs', where: { queue: { equals: CONTACT_QUEUE } } })
    expect(jobs.docs.some((job) => (job.input as { submissionId?: number }).submissionId === id)).toBe(true)
    await runContactQueue(payload)
  })

  it('delivers to the recipients over SMTP with a text and an HTML part, values escaped', async () => {
    const id = await submit({
      name: 'Html Escaper',
      message: 'Please search <script>alert("x")</script> parcel 12 on Elm Street, Dayton, before the closing date.',
    })
    await runContactQueue(payload)
    const mails = mailsMentioning('Html Escaper')
    expect(mails).toHaveLength(1)
    expect(mails[0].to).toEqual([RECIPIENT])
    expect(mails[0].raw).toMatch(/Content-Type: text\/plain/i)
    expect(mails[0].raw).toMatch(/Content-Type: text\/html/i)
    expect(mails[0].raw).toMatch(/Reply-To: ada@example\.com/i)
    const html = mails[0].raw.slice(mails[0].raw.search(/Content-Type: text\/html/i))
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
    const stored = await submission(id)
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.deliveryAttempts).toBe(1)
    expect(stored.deliveredAt).toBeTruthy()
  })

  it('with no mail server set, writes the email to the outbox and records it as written there, not delivered', async () => {
    delete process.env.SMTP_URL
    const id = await submit({ name: 'Outbox Only' })
    await runContactQueue(payload)
    const written = fs
      .readdirSync(OUTBOX_DIR)
      .filter((file) => fs.readFileSync(path.join(OUTBOX_DIR, file), 'utf8').includes('Outbox Only'))
    expect(written).toHaveLength(1)
    expect(smtp.received).toHaveLength(0)
    const stored = await submission(id)
    expect(stored.deliveryStatus).toBe('outbox')
    expect(stored.deliveryAttempts).toBe(1)
  })

  it('retries while the SMTP server refuses or is down, then delivers exactly once when it accepts', async () => {
    const id = await submit({ name: 'Patient Retrier' })
    smtp.setMode('tempfail')
    await runContactQueue(payload)
    let stored = await submission(id)
    expect(stored.deliveryStatus).toBe('queued')
    expect(stored.deliveryAttempts).toBe(1)
    expect(stored.lastDeliveryError).toMatch(/451/)

    const port = smtp.port
    await smtp.close()
    await pause(5)
    await runContactQueue(payload)
    stored = await submission(id)
    expect(stored.deliveryStatus).toBe('queued')
    expect(stored.deliveryAttempts).toBe(2)
    expect(stored.lastDeliveryError).toMatch(/ECONNREFUSED|connect/i)

    await restartSmtpOn(port)
    await pause(10)
    await runContactQueue(payload)
    stored = await submission(id)
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.deliveryAttempts).toBe(3)
    await runContactQueue(payload)
    expect(mailsMentioning('Patient Retrier')).toHaveLength(1)
  })

  it(`flags the submission failed with the last error after ${DELIVERY_MAX_ATTEMPTS} refused attempts`, async () => {
    smtp.setMode('permfail')
    const id = await submit({ name: 'Never Delivered' })
    let stored = await submission(id)
    for (let round = 0; round < 40 && stored.deliveryStatus === 'queued'; round++) {
      await runContactQueue(payload)
      stored = await submission(id)
      await pause(Math.min(2 ** (stored.deliveryAttempts ?? 0), 2100))
    }
    expect(stored.deliveryStatus).toBe('failed')
    expect(stored.deliveryAttempts).toBe(DELIVERY_MAX_ATTEMPTS)
    expect(stored.lastDeliveryError).toMatch(/550/)
    smtp.setMode('accept')
    await runContactQueue(payload)
    expect(mailsMentioning('Never Delivered')).toHaveLength(0)
  })

  it('sends a submission stored by a process killed before delivery exactly once from the next process', async () => {
    const marker = `Killed Process ${Date.now()}`
    const child = await startTsxChildUntil(
      'tests/support/storeThenDie.ts',
      [databaseUrl, marker],
      { SMTP_URL: 'smtp://127.0.0.1:1' },
      /"ok":true/,
    )
    expect(await child.ended, 'the child stores the submission, then dies').toBe('SIGKILL')
    expect(mailsMentioning(marker)).toHaveLength(0)

    const next = await startInstance()
    try {
      await runContactQueue(next)
      await runContactQueue(next)
      await runContactQueue(payload)
      expect(mailsMentioning(marker)).toHaveLength(1)
      const { docs } = await next.find({ collection: 'form-submissions', where: { summary: { like: marker } } })
      expect(docs).toHaveLength(1)
      expect(docs[0].deliveryStatus).toBe('delivered')
    } finally {
      await next.destroy()
    }
  }, 120_000)

  it('runs again a job that a process died in the middle of, once its lease has run out', async () => {
    const id = await submit({ name: 'Stuck Mid Send' })
    const [job] = await jobsFor(id)
    // What a runner that died mid-run leaves: its claim, renewed no more.
    await payload.update({ collection: 'payload-jobs', id: job.id, data: { processing: true } })
    await runContactQueue(payload)
    expect(mailsMentioning('Stuck Mid Send')).toHaveLength(0)
    expect(await reclaimStaleJobs(payload)).toBe(0)
    expect(await reclaimStaleJobs(payload, Date.now() + deliveryLease().leaseMs + 1000)).toBe(1)
    await runContactQueue(payload)
    expect(mailsMentioning('Stuck Mid Send')).toHaveLength(1)
    expect((await submission(id)).deliveryStatus).toBe('delivered')
  })

  it('renews the lease of a job while its send runs long, so no other runner takes it', async () => {
    const id = await submit({ name: 'Slow But Alive' })
    const { leaseMs, renewMs } = deliveryLease()
    // Longer than a whole lease: only its renewals keep the job held.
    smtp.setHoldMs(leaseMs + renewMs)
    const startedAt = Date.now()
    const running = runContactQueue(payload)
    await pause(renewMs * 1.5)
    const [job] = await jobsFor(id)
    expect(job.processing).toBe(true)
    expect(Date.parse(job.updatedAt) - startedAt, 'renewed since it was claimed').toBeGreaterThan(renewMs)
    // A runner looking a whole lease after the claim (and a renewal) finds the job still held.
    expect(await reclaimStaleJobs(payload, startedAt + leaseMs + renewMs / 2)).toBe(0)
    await running
    expect(mailsMentioning('Slow But Alive')).toHaveLength(1)
    expect((await submission(id)).deliveryStatus).toBe('delivered')
  }, 30_000)

  it('keeps what a later attempt recorded when an earlier one, taken over, ends late', async () => {
    const id = await submit({ name: 'Late Old Sender' })
    smtp.setHoldMs(500)
    smtp.setMode('tempfail')
    const late = deliverSubmission(payload, id).catch((error: unknown) => error)
    for (let waited = 0; smtp.holding() === 0 && waited < 10_000; waited += 10) await pause(10)
    // What the runner that took the job over leaves while this send is still held: a later attempt, delivered.
    await payload.update({
      collection: 'form-submissions',
      id,
      data: { deliveryAttempts: 2, deliveryStatus: 'delivered' },
    })
    expect(await late).toBe('superseded')
    const stored = await submission(id)
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.deliveryAttempts).toBe(2)
    smtp.setMode('accept')
    smtp.setHoldMs(0)
    await runContactQueue(payload)
    await runContactQueue(payload)
    expect(mailsMentioning('Late Old Sender')).toHaveLength(0)
  })

  it('sends once when a second run reads the submission after the first claimed it, while its send is under way', async () => {
    const id = await submit({ name: 'Second Reader' })
    smtp.setHoldMs(500)
    const first = deliverSubmission(payload, id)
    for (let waited = 0; smtp.holding() === 0 && waited < 10_000; waited += 10) await pause(10)
    // The first attempt is claimed and its mail is at the server: a run now reads attempt 1, no error.
    expect(await deliverSubmission(payload, id)).toBe(CLAIMED_ELSEWHERE)
    expect(await first).toBe('delivered')
    smtp.setHoldMs(0)
    await runContactQueue(payload)
    await runContactQueue(payload)
    expect(mailsMentioning('Second Reader')).toHaveLength(1)
    expect(await submission(id)).toMatchObject({ deliveryStatus: 'delivered', deliveryAttempts: 1 })
  })

  it('queues again, and sends once, a submission a stopped process left queued without its job', async () => {
    const id = await submit({ name: 'Job Never Queued' })
    // What a stop between storing the submission and queueing its job leaves (SQLite runs
    // without transactions): the submission, queued, and no job.
    await payload.delete({
      collection: 'payload-jobs',
      where: { and: [{ queue: { equals: CONTACT_QUEUE } }, { 'input.submissionId': { equals: id } }] },
    })
    expect(await jobsFor(id)).toHaveLength(0)
    // Not while its job may still be on the way.
    expect(await requeueOrphanedSubmissions(payload)).toEqual([])
    const later = Date.now() + ORPHANED_SUBMISSION_AFTER_MS + 1000
    expect(await requeueOrphanedSubmissions(payload, later)).toEqual([id])
    expect(await requeueOrphanedSubmissions(payload, later)).toEqual([])
    expect(await jobsFor(id)).toHaveLength(1)
    await runContactQueue(payload)
    await runContactQueue(payload)
    expect(mailsMentioning('Job Never Queued')).toHaveLength(1)
    expect((await submission(id)).deliveryStatus).toBe('delivered')
    // One already attempted is never sent again by this, even if marked queued by hand.
    await payload.update({ collection: 'form-submissions', id, data: { deliveryStatus: 'queued' } })
    expect(await requeueOrphanedSubmissions(payload, later + 2 * ORPHANED_SUBMISSION_AFTER_MS)).toEqual([])
    await payload.update({ collection: 'form-submissions', id, data: { deliveryStatus: 'delivered' } })
  })

  it('queues again, and sends once, a submission whose job the queue gave up on while the submission had attempts left', async () => {
    const id = await submit({ name: 'Job Gave Up Early' })
    // What runs that failed before the send leave (the database failing while the submission was
    // read or claimed): the job out of runs, the submission queued with attempts to spare, the last
    // of which ended with an error.
    const [job] = await jobsFor(id)
    await payload.update({ collection: 'payload-jobs', id: job.id, data: { hasError: true, processing: false } })
    await payload.update({
      collection: 'form-submissions',
      id,
      data: { deliveryAttempts: 2, lastDeliveryError: '451 4.3.0 try again later' },
    })
    expect(await requeueOrphanedSubmissions(payload)).toEqual([])
    const later = Date.now() + ORPHANED_SUBMISSION_AFTER_MS + 1000
    expect(await requeueOrphanedSubmissions(payload, later)).toEqual([id])
    expect(await requeueOrphanedSubmissions(payload, later)).toEqual([])
    await runContactQueue(payload)
    await runContactQueue(payload)
    expect(mailsMentioning('Job Gave Up Early')).toHaveLength(1)
    expect(await submission(id)).toMatchObject({ deliveryStatus: 'delivered', deliveryAttempts: 3 })
  })

  it('sends the visitor a confirmation once when the form asks for one', async () => {
    await payload.update({ collection: 'forms', id: 115, data: { sendConfirmation: true } })
    try {
      const id = await submit({ name: 'Copy Wanted', email: 'copy.wanted@example.com' })
      await runContactQueue(payload)
      await runContactQueue(payload)
      // The confirmation names nothing the visitor typed (contact-confirmation.test.ts): it is known by its address.
      const copies = smtp.received.filter((mail) => mail.to.includes('copy.wanted@example.com'))
      expect(copies).toHaveLength(1)
      expect((await submission(id)).confirmationSentAt).toBeTruthy()
    } finally {
      await payload.update({ collection: 'forms', id: 115, data: { sendConfirmation: false } })
    }
  })
})
