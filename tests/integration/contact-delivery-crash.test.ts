import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import {
  CONTACT_QUEUE,
  DEAD_PROCESS_MAIL_WITHIN_MS,
  DELIVERY_CONCURRENCY,
  DELIVERY_LEASE_MS,
  DELIVERY_POLL_INTERVAL_MS,
} from '@/contact/delivery/constants'
import { runContactQueue, startContactQueue, stopContactQueue } from '@/contact/delivery/runner'
import { buildSiteConfig } from '@/payload.config'
import { createContactForm } from '../support/contact'
import { withShortLease } from '../support/deliveryLease'
import { startSmtpServer } from '../support/smtp'
import { killTsxChildren, startTsxChildUntil } from '../support/tsxChild'

/** Submissions the child stores before it starts sending. */
const SUBMISSIONS = 12
/** How long the slow mail server holds each message before accepting it. */
const SLOW_SEND_MS = 2_000
/** How long the child may take to start and store its submissions on a loaded machine. */
const CHILD_READY_MS = 45_000
const POLL_MS = 200

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-crash-'))
const databaseUrl = `file:${path.join(dir, 'site.db')}`
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const instances: Payload[] = []

const start = async () => {
  const cms = await getPayload({
    config: buildSiteConfig(databaseUrl),
    key: `crash-${process.pid}-${instances.length}`,
  })
  await migrateDatabase(cms)
  instances.push(cms)
  return cms
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The child and the runner after it hold a short lease: the takeover comes in seconds.
withShortLease()
beforeAll(async () => {
  await createContactForm(await start())
  smtp = await startSmtpServer()
  smtp.setHoldMs(SLOW_SEND_MS)
  process.env.SMTP_URL = smtp.url
})
afterAll(async () => {
  // A test that failed before its kill leaves no child sending behind the suite.
  await killTsxChildren()
  for (const cms of instances) await cms.destroy()
  await smtp?.close()
  delete process.env.SMTP_URL
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('a process killed in the middle of its sends', () => {
  it('is taken over soon enough: a dead claim lasts less than the minute', () => {
    expect(DELIVERY_LEASE_MS + DELIVERY_POLL_INTERVAL_MS).toBeLessThan(DEAD_PROCESS_MAIL_WITHIN_MS)
  })

  it('leaves no mail behind: each accepted submission goes out once, the ones it held within a minute', async () => {
    const started = await startTsxChildUntil(
      'tests/support/storeThenDeliver.ts',
      [databaseUrl, 'Crash Survivor', String(SUBMISSIONS)],
      {},
      /^stored (.+)$/m,
    )
    const stored = JSON.parse(started.match[1]) as { id: number; marker: string }[]
    expect(stored).toHaveLength(SUBMISSIONS)
    for (let waited = 0; smtp.holding() === 0 && waited < CHILD_READY_MS; waited += POLL_MS) await pause(POLL_MS)
    expect(smtp.holding(), 'the child is in the middle of a send when it is killed').toBeGreaterThan(0)
    started.child.kill('SIGKILL')
    expect(await started.ended).toBe('SIGKILL')
    const killedAt = Date.now()

    const next = await start()
    const { docs: claimedJobs } = await next.find({
      collection: 'payload-jobs',
      where: { and: [{ queue: { equals: CONTACT_QUEUE } }, { processing: { equals: true } }] },
      limit: 0,
      depth: 0,
    })
    const claimedIds = new Set(claimedJobs.map((job) => (job.input as { submissionId: number }).submissionId))
    expect(claimedIds.size, 'the dead process held some jobs').toBeGreaterThan(0)
    expect(claimedIds.size, 'and no more than it was sending').toBeLessThanOrEqual(DELIVERY_CONCURRENCY)

    startContactQueue(next)
    const deliveredAt = new Map<number, number>()
    const mailsFor = (marker: string) => smtp.received.filter((mail) => mail.raw.includes(marker))
    while (deliveredAt.size < stored.length && Date.now() - killedAt < DEAD_PROCESS_MAIL_WITHIN_MS) {
      await pause(POLL_MS)
      for (const { id, marker } of stored) {
        const first = mailsFor(marker)[0]
        if (first && !deliveredAt.has(id)) deliveredAt.set(id, first.receivedAt)
      }
    }
    await stopContactQueue(next)
    await runContactQueue(next)

    const heldTook = [...claimedIds].map((id) => (deliveredAt.get(id) ?? Infinity) - killedAt)
    expect(Math.max(...heldTook), 'ms from the kill until the last mail the dead process held went out').toBeLessThan(
      DEAD_PROCESS_MAIL_WITHIN_MS,
    )
    expect(stored.map(({ marker }) => mailsFor(marker).length)).toEqual(stored.map(() => 1))
    const { docs } = await next.find({
      collection: 'form-submissions',
      where: { id: { in: stored.map(({ id }) => id) } },
      limit: 0,
      depth: 0,
    })
    expect(docs.map((doc) => doc.deliveryStatus)).toEqual(stored.map(() => 'delivered'))
  }, 150_000)
})
