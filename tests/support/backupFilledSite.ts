// A site filled with every part a backup holds, backed up while it runs, and what a site started on
// a restored database holds: for the suites that back a whole site up and restore it.
import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, expect } from 'vitest'
import { CONTACT_QUEUE } from '@/contact/delivery/constants'
import { acceptSubmission } from '@/contact/server/submit'
import { OUTBOX_DIR } from '@/platform/mailTransport'
import { MEDIA_DIR } from '@/platform/paths'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import { fileHashes, runScript } from './backupArchives'
import { createContactForm, validFields } from './contact'
import { startTestPayload } from './payload'

const COLLECTIONS = [
  'pages',
  'media',
  'forms',
  'form-submissions',
  'chat-conversations',
  'chat-events',
  'chat-files',
  'users',
] as const
/** The admin the filled site has, who signs in again on the site it is restored onto. */
export const OWNER = { email: 'owner@example.com', password: 'a-long-test-password' }
const SUBMISSION_MARKER = 'Parcel 77-BACKUP on Elm Street'
const CHAT_MARKER = 'Is the lien on parcel 77 released?'

/** What a visitor and an editor leave behind: a page, an upload, a delivered contact message, a chat with a file. */
async function fillSite(payload: Payload) {
  await payload.create({
    collection: 'users',
    data: { ...OWNER, roles: ['admin'] },
  })
  await payload.create({
    collection: 'pages',
    data: {
      title: 'Liens',
      slug: 'liens',
      layout: [{ blockType: 'hero', heading: 'Liens' }],
      _status: 'published',
    } as never,
  })
  const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer()
  await payload.create({
    collection: 'media',
    data: { alt: 'A parcel map' },
    file: { data: image, mimetype: 'image/png', name: 'parcel-map.png', size: image.length },
  })
  const formId = await createContactForm(payload)
  const outcome = await acceptSubmission(payload, {
    formId,
    pairs: validFields({ message: `${SUBMISSION_MARKER}: we need a 40-year search by Friday, please.` }),
    honeypot: null,
    pageUrl: 'http://localhost:3000/contact',
    remoteIp: '127.0.0.1',
  })
  expect(outcome.ok).toBe(true)
  // Without SMTP_URL the delivery writes the message to the outbox.
  await payload.jobs.run({ queue: CONTACT_QUEUE })

  const conversation = await payload.create({
    collection: 'chat-conversations',
    data: { visitorTokenHash: 'a'.repeat(64), name: 'Fay', email: 'fay@example.com', status: 'chatting' } as never,
  })
  await payload.create({
    collection: 'chat-events',
    data: {
      conversation: conversation.id,
      type: 'message',
      authorType: 'customer',
      authorName: 'Fay',
      text: CHAT_MARKER,
    },
  })
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
  const file = await payload.create({
    collection: 'chat-files',
    data: { conversation: conversation.id },
    file: { data: png, mimetype: 'image/png', name: 'deed.png', size: png.length },
  })
  await payload.create({
    collection: 'chat-events',
    data: { conversation: conversation.id, type: 'file', authorType: 'customer', authorName: 'Fay', file: file.id },
  })
}

/**
 * The filled site of a suite whose site keeps its files in `dataDir` (DATA_DIR: the folder the site's modules
 * were loaded with), which is wiped before the suite and after it.
 */
export function filledSiteSuite(dataDir: string) {
  /** Rows per collection, the contact message and the chat message, and every file with its hash. */
  async function snapshotOf(payload: Payload) {
    const counts: Record<string, number> = {}
    for (const collection of COLLECTIONS) counts[collection] = (await payload.count({ collection })).totalDocs
    const submissions = await payload.find({ collection: 'form-submissions', depth: 0, limit: 0 })
    const events = await payload.find({ collection: 'chat-events', where: { text: { equals: CHAT_MARKER } }, depth: 0 })
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    return {
      counts,
      submissionSummaries: submissions.docs.map((doc) => JSON.stringify(doc.data)),
      chatMessages: events.docs.map((doc) => doc.text),
      businessName: settings.business?.name,
      files: fileHashes(dataDir),
    }
  }

  function expectEveryPartPresent(snapshot: Awaited<ReturnType<typeof snapshotOf>>) {
    for (const collection of COLLECTIONS) expect(snapshot.counts[collection], collection).toBeGreaterThan(0)
    expect(snapshot.submissionSummaries.join()).toContain(SUBMISSION_MARKER)
    expect(snapshot.chatMessages).toEqual([CHAT_MARKER])
    const folders = Object.keys(snapshot.files).map(
      (file) => path.relative(dataDir, path.join(dataDir, file)).split(path.sep)[0],
    )
    for (const folder of [MEDIA_DIR, CHAT_FILES_DIR, OUTBOX_DIR].map((dir) => path.basename(dir))) {
      expect(folders, `files in ${folder}/`).toContain(folder)
    }
  }

  function wipeDataDir() {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  beforeAll(wipeDataDir)
  afterAll(wipeDataDir)

  /**
   * Fills a site on `databaseUrl` with every part a backup holds, checks they are all there, signs
   * its admin in, and backs it up (`npm run backup -- args`) while the site holds the database open,
   * as on a running server; returns what it held, the admin's session token and the backup's output.
   */
  async function backUpFilledSite(databaseUrl: string, env: Record<string, string>, args: string[] = []) {
    const site = await startTestPayload(databaseUrl)
    try {
      await fillSite(site.payload)
      const before = await snapshotOf(site.payload)
      expectEveryPartPresent(before)
      const { token } = await site.payload.login({ collection: 'users', data: OWNER })
      const output = await runScript('backup.mjs', args, env)
      return { before, token: token!, output }
    } finally {
      await site.cleanup()
    }
  }

  /** What a site started on the restored `databaseUrl` holds. */
  async function snapshotOfRestored(databaseUrl: string) {
    const restored = await startTestPayload(databaseUrl)
    try {
      return await snapshotOf(restored.payload)
    } finally {
      await restored.cleanup()
    }
  }

  return { snapshotOf, wipeDataDir, backUpFilledSite, snapshotOfRestored }
}

/** What a site holds, as the suites compare it before a backup and after a restore. */
export type SiteSnapshot = Awaited<ReturnType<ReturnType<typeof filledSiteSuite>['snapshotOf']>>
