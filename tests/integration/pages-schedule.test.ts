import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { SCHEDULE_PUBLISH_TASK } from '@/content/scheduling/constants'
import {
  claimDueScheduledJob,
  runScheduledPublishing,
  startScheduledPublishing,
  stopScheduledPublishing,
} from '@/content/scheduling/runner'
import { buildSiteConfig } from '@/payload.config'
import { standInPageCache } from '../support/pageCache'

/** The runners in these tests poll this often, so a test waits about a second, not the server's interval. */
const TEST_POLL_MS = 200

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-schedule-'))
const databaseUrl = `file:${path.join(dir, 'schedule.db')}`
let instances = 0
const running: Payload[] = []

async function startInstance(): Promise<Payload> {
  const payload = await getPayload({
    config: buildSiteConfig(databaseUrl),
    key: `schedule-${process.pid}-${++instances}`,
  })
  await migrateDatabase(payload)
  running.push(payload)
  return payload
}

async function stopInstance(payload: Payload) {
  await stopScheduledPublishing(payload)
  await payload.destroy()
  running.splice(running.indexOf(payload), 1)
}

let payload: Payload

beforeAll(async () => {
  payload = await startInstance()
})
afterEach(async () => {
  for (const instance of running) await stopScheduledPublishing(instance)
})
afterAll(async () => {
  for (const instance of [...running]) await instance.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

let pages = 0

/** A published page whose next version waits as a draft titled "<title> (new)". */
async function pageWithDraft(on: Payload = payload) {
  const slug = `scheduled-${++pages}`
  const page = await on.create({
    collection: 'pages',
    data: {
      title: `Page ${pages}`,
      slug,
      layout: [{ blockType: 'hero', heading: slug }],
      _status: 'published',
    } as never,
  })
  await on.update({ collection: 'pages', id: page.id, data: { title: `Page ${pages} (new)` }, draft: true })
  return page
}

/** What a visitor sees of the page: its published title, or null when it is not public. */
async function publicTitle(id: number, on: Payload = payload): Promise<string | null> {
  const { docs } = await on.find({ collection: 'pages', where: { id: { equals: id } }, overrideAccess: false })
  return docs[0]?.title ?? null
}

/** Queues the job the admin's Schedule drawer queues. */
async function schedule(id: number, type: 'publish' | 'unpublish', at: Date, on: Payload = payload) {
  return on.jobs.queue({
    task: SCHEDULE_PUBLISH_TASK,
    input: { type, doc: { relationTo: 'pages', value: String(id) } },
    waitUntil: at,
  } as never)
}

const inMs = (ms: number) => new Date(Date.now() + ms)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 10_000): Promise<T> {
  const until = Date.now() + withinMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await sleep(100)
  }
}

const publishedVersions = async (id: number, on: Payload = payload) =>
  (
    await on.countVersions({
      collection: 'pages',
      where: { and: [{ parent: { equals: id } }, { 'version._status': { equals: 'published' } }] },
    })
  ).totalDocs

describe('scheduled publishing', () => {
  it('publishes a draft 2 s after scheduling it, without any request', async () => {
    const page = await pageWithDraft()
    await schedule(page.id, 'publish', inMs(2_000))
    startScheduledPublishing(payload, TEST_POLL_MS)
    await sleep(1_000)
    expect(await publicTitle(page.id)).toBe(`Page ${pages}`)
    expect(
      await waitFor(
        () => publicTitle(page.id),
        (title) => title?.endsWith('(new)') ?? false,
      ),
    ).toBe(`Page ${pages} (new)`)
  })

  it('leaves a page in the trash there when its scheduled publish comes due', async () => {
    const page = await pageWithDraft()
    await schedule(page.id, 'publish', inMs(-1_000))
    await payload.update({ collection: 'pages', id: page.id, data: { deletedAt: new Date().toISOString() } as never })
    await runScheduledPublishing(payload)
    const stored = await payload.findByID({ collection: 'pages', id: page.id, trash: true, draft: true })
    expect(stored.deletedAt).toBeTruthy()
    expect(stored.title).toBe(`Page ${pages}`)
    expect(await publicTitle(page.id)).toBeNull()
    // The job has run (and failed on the missing page): it is not claimed again and again.
    expect(await claimDueScheduledJob(payload)).toBeUndefined()
  })

  it('unpublishes a page at the scheduled time', async () => {
    const page = await pageWithDraft()
    await schedule(page.id, 'unpublish', inMs(2_000))
    startScheduledPublishing(payload, TEST_POLL_MS)
    await sleep(1_000)
    expect(await publicTitle(page.id)).not.toBeNull()
    expect(
      await waitFor(
        () => publicTitle(page.id),
        (title) => title === null,
      ),
    ).toBeNull()
  })

  it('publishes at once what was scheduled for a time already past', async () => {
    const page = await pageWithDraft()
    await schedule(page.id, 'publish', new Date(Date.now() - 60 * 60_000))
    await runScheduledPublishing(payload)
    expect(await publicTitle(page.id)).toBe(`Page ${pages} (new)`)
  })

  it('does nothing once the scheduled job is deleted (the drawer cancelling it)', async () => {
    const page = await pageWithDraft()
    const job = await schedule(page.id, 'publish', inMs(1_000))
    await payload.delete({ collection: 'payload-jobs', id: job.id })
    startScheduledPublishing(payload, TEST_POLL_MS)
    await sleep(2_000)
    expect(await publicTitle(page.id)).toBe(`Page ${pages}`)
  })

  it('still publishes after a restart of the server on the same database', async () => {
    const first = await startInstance()
    const page = await pageWithDraft(first)
    await schedule(page.id, 'publish', inMs(1_500), first)
    await stopInstance(first)
    const second = await startInstance()
    startScheduledPublishing(second, TEST_POLL_MS)
    expect(
      await waitFor(
        () => publicTitle(page.id, second),
        (title) => title?.endsWith('(new)') ?? false,
      ),
    ).toBe(`Page ${pages} (new)`)
    await stopInstance(second)
  })

  it('publishes each scheduled page once when two instances run their schedules at the same moment', async () => {
    const other = await startInstance()
    const scheduled = [await pageWithDraft(), await pageWithDraft(), await pageWithDraft()]
    const before = await Promise.all(scheduled.map((page) => publishedVersions(page.id)))
    for (const page of scheduled) await schedule(page.id, 'publish', new Date(Date.now() - 1_000))
    await Promise.all([runScheduledPublishing(payload), runScheduledPublishing(other)])
    const after = await Promise.all(scheduled.map((page) => publishedVersions(page.id)))
    expect(after).toEqual(before.map((count) => count + 1))
    await stopInstance(other)
  })

  it('hands a due job to only one of two claims made at once', async () => {
    const other = await startInstance()
    const page = await pageWithDraft()
    await schedule(page.id, 'publish', new Date(Date.now() - 1_000))
    const claims = await Promise.all([claimDueScheduledJob(payload), claimDueScheduledJob(other)])
    expect(claims.filter((id) => id !== undefined)).toHaveLength(1)
    await stopInstance(other)
    await runScheduledPublishing(payload)
  })

  it('tells the page cache what is stale when a scheduled publish runs outside a request', async () => {
    const told: string[][] = []
    const takeAway = standInPageCache((tags) => void told.push(tags))
    try {
      const page = await pageWithDraft()
      await schedule(page.id, 'publish', new Date(Date.now() - 1_000))
      told.length = 0
      await runScheduledPublishing(payload)
      // The title changed, which menus and links on every page show.
      expect(told).toContainEqual(['_N_T_/layout'])
    } finally {
      takeAway()
    }
  })
})
