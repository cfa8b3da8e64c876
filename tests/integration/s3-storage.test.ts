// Uploads and chat files in S3-compatible storage: two Payload instances over one SQLite database
// and one bucket on a real S3 server (s3rver, its own process on loopback), each behind the site's
// own file routes. Media is public through the site's addresses, chat files only to staff.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { getPayload, handleEndpoints, type Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import { checkReadiness, dependenciesUp, HEALTH_CHECK_TIMEOUT_MS } from '@/platform/health'
import { downloadChatFile } from '@/chat/server/http/files'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { migrateDatabase } from '@/platform/migrate'
import { MEDIA_DIR } from '@/platform/paths'
import { MEDIA_FILE_PREFIX } from '@/server/mediaFiles'
import { UPLOAD_READ_DEADLINE_MS } from '@/platform/storage/uploadStorage'
import type { ChatFile, Media } from '@/payload-types'
import { buildSiteConfig } from '@/payload.config'
import { scriptMarkFor } from '@/security/scriptMark'
import { proxyTrustFrom } from '@/server/clientAddress'
import { isMediaFileRequest } from '@/server/mediaFiles'
import { siteRequestListener } from '@/server/requestListener'
import { startFront } from '../support/front'
import { listenOnLoopback, nodeListenerFor } from '../support/handlerServer'
import { startTempS3, type TempS3 } from '../support/s3'
import { startTestPayload } from '../support/payload'
import { startTempPostgres } from '../support/postgres'

/** The ports this suite's servers take: the S3 server, and the nginx front's plain HTTP and https. */
const S3_PORT = 3405
const FRONT_PORT = 3401
const FRONT_HTTPS_PORT = 3402
/** What a visitor may wait for a file while the store is down: the read deadline and a margin for a busy machine. */
const DOWN_ANSWER_BOUND_MS = UPLOAD_READ_DEADLINE_MS + 1500
const PASSWORD = 'a-long-test-password'

type Site = { url: string; close: () => Promise<void> }

let s3: TempS3
let bucket: S3Client
let dir: string
let first: Payload
let second: { payload: Payload; cleanup: () => Promise<void> }
let siteOne: Site
let siteTwo: Site
let staffAuthorization: string
const settingsBefore = { ...process.env }

/**
 * One instance of the site as visitors reach it: media files by the site's own server
 * (src/server/requestListener.ts), chat files by their route, the rest by Payload's REST handler.
 */
function siteOf(payload: Payload, rest?: (request: Request) => Promise<Response>): Promise<Site> {
  const media = siteRequestListener({
    handle: (_req, res) => res.writeHead(500).end('only media files reach this listener'),
    trust: proxyTrustFrom(''),
    dev: false,
    scriptMark: scriptMarkFor('test-secret', 'test-build'),
  })
  const others = nodeListenerFor(async (request) => {
    const chatFile = new URL(request.url).pathname.match(/^\/api\/chat\/files\/([^/]+)$/)
    if (chatFile && request.method === 'GET') return downloadChatFile(request, payload, chatFile[1])
    return rest ? rest(request) : new Response('Not found', { status: 404 })
  })
  return listenOnLoopback((req, res) => (isMediaFileRequest(req) ? media(req, res) : others(req, res)))
}

/** Every key in the bucket under a folder, read with the S3 API itself. */
async function keysUnder(folder: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

const png = (colour: string) =>
  sharp({ create: { width: 900, height: 450, channels: 3, background: colour } })
    .png()
    .toBuffer()

async function uploadMedia(payload: Payload, name: string, colour: string): Promise<Media> {
  const data = await png(colour)
  return payload.create({
    collection: 'media',
    data: { alt: 'A test image' },
    file: { data, mimetype: 'image/png', name, size: data.length },
  })
}

async function uploadChatFile(payload: Payload, text: string): Promise<ChatFile> {
  const conversation = await payload.create({
    collection: 'chat-conversations',
    data: { visitorTokenHash: `hash-${Date.now()}-${Math.random()}`, status: 'chatting' },
  })
  const bytes = Buffer.from(text)
  return payload.create({
    collection: 'chat-files',
    data: { conversation: conversation.id },
    file: { data: bytes, mimetype: 'text/plain', name: `deed-${Date.now()}.txt`, size: bytes.length },
  })
}

const mediaKeysOf = (doc: Media) =>
  [doc.filename, ...Object.values(doc.sizes ?? {}).map((size) => size?.filename)]
    .filter(Boolean)
    .map((name) => `media/${name}`)
    .sort()

beforeAll(async () => {
  s3 = await startTempS3({ port: S3_PORT })
  Object.assign(process.env, s3.env)
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  })
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3-db-'))
  const databaseUrl = `file:${path.join(dir, 'shared.db')}`
  const config = buildSiteConfig(databaseUrl)
  // The first instance under Payload's default key, where its REST handler finds it.
  first = await getPayload({ config })
  await migrateDatabase(first)
  second = await startTestPayload(databaseUrl)
  siteOne = await siteOf(first, (request) => handleEndpoints({ config, request }))
  siteTwo = await siteOf(second.payload)
  await first.create({
    collection: 'users',
    data: { email: 'agent@example.com', password: PASSWORD, roles: ['agent'] },
  })
  const { token } = await first.login({
    collection: 'users',
    data: { email: 'agent@example.com', password: PASSWORD },
  })
  staffAuthorization = `JWT ${token}`
}, 120_000)

afterAll(async () => {
  await siteOne?.close()
  await siteTwo?.close()
  await second?.cleanup()
  await first?.destroy()
  bucket?.destroy()
  await s3?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  for (const name of Object.keys(s3?.env ?? {})) {
    if (name in settingsBefore) process.env[name] = settingsBefore[name]
    else delete process.env[name]
  }
})

describe('uploads live in the S3 bucket', () => {
  it('stores a media upload and its sizes as objects in the bucket, not on the local disk', async () => {
    const doc = await uploadMedia(first, `bucket-${Date.now()}.png`, '#246')
    expect((await keysUnder('media')).filter((key) => mediaKeysOf(doc).includes(key))).toEqual(mediaKeysOf(doc))
    expect(mediaKeysOf(doc).length).toBeGreaterThan(1)
    expect(fs.existsSync(path.join(MEDIA_DIR, doc.filename!))).toBe(false)
  })

  it('serves a media file from the bucket at its versioned address, cached for good, with 304 on revalidation', async () => {
    const doc = await uploadMedia(first, `served-${Date.now()}.png`, '#468')
    const response = await fetch(`${siteOne.url}${doc.url}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL.versioned)
    expect(response.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect((await sharp(bytes).metadata()).width).toBe(900)
    const entityTag = response.headers.get('etag')
    expect(entityTag).toMatch(/^"[^"]+"$/)
    const again = await fetch(`${siteOne.url}${doc.url}`, { headers: { 'If-None-Match': entityTag! } })
    expect(again.status).toBe(304)
    const unversioned = await fetch(`${siteOne.url}${doc.url!.split('?')[0]}`)
    expect(unversioned.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL.unversioned)
    expect((await fetch(`${siteOne.url}/api/media/file/missing-${Date.now()}.png`)).status).toBe(404)
  })

  it('answers one byte range of a file in the bucket 206 with those bytes, and one past its end 416', async () => {
    const doc = await uploadMedia(first, `ranged-${Date.now()}.png`, '#846')
    const whole = Buffer.from(await (await fetch(`${siteOne.url}${doc.url}`)).arrayBuffer())
    const part = await fetch(`${siteOne.url}${doc.url}`, { headers: { Range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true)
    const past = await fetch(`${siteOne.url}${doc.url}`, { headers: { Range: `bytes=${whole.length}-` } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`)
  })

  it('stores a chat file in the bucket and serves it to staff only, through the site and through Payload', async () => {
    const file = await uploadChatFile(first, 'a private deed\n')
    expect(await keysUnder('chat-files')).toContain(`chat-files/${file.filename}`)
    expect(fs.existsSync(path.join(CHAT_FILES_DIR, file.filename!))).toBe(false)

    const anonymous = await fetch(`${siteOne.url}/api/chat/files/${file.id}`)
    expect(anonymous.status).toBe(404)
    const staff = await fetch(`${siteOne.url}/api/chat/files/${file.id}`, {
      headers: { Authorization: staffAuthorization },
    })
    expect(staff.status).toBe(200)
    expect(staff.headers.get('cache-control')).toBe('private, no-store')
    expect(await staff.text()).toBe('a private deed\n')

    // Payload's own file route goes through the collection's access rules, then the bucket.
    const payloadRoute = `${siteOne.url}/api/chat-files/file/${encodeURIComponent(file.filename!)}`
    expect((await fetch(payloadRoute)).status).toBe(403)
    const staffThroughPayload = await fetch(payloadRoute, { headers: { Authorization: staffAuthorization } })
    expect(staffThroughPayload.status).toBe(200)
    expect(await staffThroughPayload.text()).toBe('a private deed\n')
  })

  it('removes the objects of a deleted media upload and of a deleted chat file', async () => {
    const doc = await uploadMedia(first, `deleted-${Date.now()}.png`, '#680')
    const file = await uploadChatFile(first, 'soon gone\n')
    await first.delete({ collection: 'media', id: doc.id })
    await first.delete({ collection: 'chat-files', id: file.id })
    const remaining = [...(await keysUnder('media')), ...(await keysUnder('chat-files'))]
    for (const key of [...mediaKeysOf(doc), `chat-files/${file.filename}`]) expect(remaining).not.toContain(key)
    expect((await fetch(`${siteOne.url}${doc.url}`)).status).toBe(404)
  })
})

describe('two servers share files', () => {
  it('serves from the second instance a media file and a chat file uploaded through the first', async () => {
    const doc = await uploadMedia(first, `shared-${Date.now()}.png`, '#8a2')
    const file = await uploadChatFile(first, 'seen by both\n')
    const media = await fetch(`${siteTwo.url}${doc.url}`)
    expect(media.status).toBe(200)
    expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).width).toBe(900)
    const chat = await fetch(`${siteTwo.url}/api/chat/files/${file.id}`, {
      headers: { Authorization: staffAuthorization },
    })
    expect(chat.status).toBe(200)
    expect(await chat.text()).toBe('seen by both\n')
  })

  it('serves from the first instance a file uploaded through the second', async () => {
    const doc = await uploadMedia(second.payload, `other-way-${Date.now()}.png`, '#2a8')
    expect((await fetch(`${siteOne.url}${doc.url}`)).status).toBe(200)
  })
})

describe('while the S3 store is down', () => {
  it('health names the bucket: up, then down (degraded, pages still served) within its bound after SIGKILL, then up again', async () => {
    const database = () => first.count({ collection: 'pages', overrideAccess: true })
    expect(await checkReadiness(database, undefined)).toEqual({
      ok: true,
      status: 'ok',
      database: 'up',
      redis: 'off',
      storage: 'up',
    })
    await s3.kill()
    try {
      const startedAt = performance.now()
      const down = await checkReadiness(database, undefined)
      expect(performance.now() - startedAt).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500)
      expect(down).toEqual({ ok: true, status: 'degraded', database: 'up', redis: 'off', storage: 'down' })
      expect(await dependenciesUp(database, undefined)).toEqual({ database: true, redis: null, storage: false })
    } finally {
      await s3.restart()
    }
    await expect.poll(async () => (await checkReadiness(database, undefined)).storage, { timeout: 10_000 }).toBe('up')
  })

  it('answers a media file 503 with Retry-After within the bound, and serves it again once the store is back', async () => {
    const doc = await uploadMedia(first, `outage-${Date.now()}.png`, '#a28')
    const file = await uploadChatFile(first, 'kept through the outage\n')
    expect((await fetch(`${siteOne.url}${doc.url}`)).status).toBe(200)

    await s3.kill()
    try {
      const startedAt = performance.now()
      const down = await fetch(`${siteOne.url}${doc.url}`, { signal: AbortSignal.timeout(10_000) })
      const waitedMs = performance.now() - startedAt
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBeTruthy()
      expect(down.headers.get('cache-control')).toBe('no-store')
      expect(waitedMs).toBeLessThan(DOWN_ANSWER_BOUND_MS)

      const chatStartedAt = performance.now()
      const chatDown = await fetch(`${siteOne.url}/api/chat/files/${file.id}`, {
        headers: { Authorization: staffAuthorization },
        signal: AbortSignal.timeout(10_000),
      })
      expect(chatDown.status).toBe(503)
      expect(performance.now() - chatStartedAt).toBeLessThan(DOWN_ANSWER_BOUND_MS)
    } finally {
      await s3.restart()
    }

    const healed = await fetch(`${siteOne.url}${doc.url}`, { signal: AbortSignal.timeout(10_000) })
    expect(healed.status).toBe(200)
    expect((await sharp(Buffer.from(await healed.arrayBuffer())).metadata()).width).toBe(900)
    const chatHealed = await fetch(`${siteOne.url}/api/chat/files/${file.id}`, {
      headers: { Authorization: staffAuthorization },
      signal: AbortSignal.timeout(10_000),
    })
    expect(await chatHealed.text()).toBe('kept through the outage\n')
  })

  it('refuses an upload within the bound while the store is down; on PostgreSQL no row of it is kept', async () => {
    // Several servers share a PostgreSQL database, whose transaction takes the row back when the
    // adapter's upload fails (SQLite runs Payload without transactions, docs/servers.md, "Several servers").
    const postgres = await startTempPostgres()
    const site = await startTestPayload(postgres.url)
    try {
      const name = `refused-${Date.now()}.png`
      const rowsOf = async () =>
        (await site.payload.count({ collection: 'media', where: { filename: { equals: name } } })).totalDocs
      await s3.kill()
      try {
        const startedAt = performance.now()
        await expect(uploadMedia(site.payload, name, '#28a')).rejects.toThrow()
        expect(performance.now() - startedAt).toBeLessThan(DOWN_ANSWER_BOUND_MS)
      } finally {
        await s3.restart()
      }
      expect(await rowsOf()).toBe(0)
      const doc = await uploadMedia(site.payload, name, '#28a')
      expect(await rowsOf()).toBe(1)
      expect((await fetch(`${siteOne.url}${doc.url}`)).status).toBe(200)
    } finally {
      await site.cleanup()
      postgres.stop()
    }
  })
})

describe('the nginx front with uploads in S3', () => {
  let front: Awaited<ReturnType<typeof startFront>> | undefined
  beforeAll(async () => {
    front = await startFront({
      appPort: Number(new URL(siteOne.url).port),
      port: FRONT_PORT,
      httpsPort: FRONT_HTTPS_PORT,
      media: { inBucket: true },
    })
  })
  afterAll(async () => {
    await front?.stop()
  })

  it('asks the app for a media file once, then answers from its cache, even while the bucket is down', async () => {
    const doc = await uploadMedia(first, `front-${Date.now()}.png`, '#28a')
    const missed = await front!.get(doc.url!)
    expect(missed.status, missed.body.toString().slice(0, 300)).toBe(200)
    expect(missed.headers['x-cache-status']).toEqual(['MISS'])
    expect(missed.headers['cache-control']).toEqual([MEDIA_CACHE_CONTROL.versioned])
    expect(missed.headers['content-security-policy']).toHaveLength(1)
    expect((await sharp(missed.body).metadata()).width).toBe(900)

    const hit = await front!.get(doc.url!)
    expect(hit.headers['x-cache-status']).toEqual(['HIT'])
    expect(hit.body.equals(missed.body)).toBe(true)
    expect((await front!.get(doc.url!, { 'If-None-Match': missed.headers.etag[0] })).status).toBe(304)

    const notYetCached = await uploadMedia(first, `front-later-${Date.now()}.png`, '#a82')
    await s3.kill()
    try {
      const kept = await front!.get(doc.url!)
      expect(kept.status).toBe(200)
      expect(kept.body.equals(missed.body)).toBe(true)
      const startedAt = performance.now()
      const down = await front!.get(notYetCached.url!)
      expect(down.status).toBe(503)
      expect(performance.now() - startedAt).toBeLessThan(DOWN_ANSWER_BOUND_MS)
    } finally {
      await s3.restart()
    }
    expect((await front!.get(notYetCached.url!)).status).toBe(200)
  })

  it('sends the security headers with its errors too: a file the bucket lacks, the bucket down', async () => {
    const missing = await front!.get(`${MEDIA_FILE_PREFIX}no-such-file-${Date.now()}.webp`)
    const notCached = await uploadMedia(first, `front-down-${Date.now()}.png`, '#2a8')
    await s3.kill()
    const down = await front!.get(notCached.url!).finally(() => s3.restart())
    for (const [answer, status] of [
      [missing, 404],
      [down, 503],
    ] as const) {
      expect(answer.status).toBe(status)
      expect(answer.headers['x-content-type-options']).toEqual(['nosniff'])
      expect(answer.headers['x-frame-options']).toEqual(['DENY'])
      expect(answer.headers['content-security-policy']).toHaveLength(1)
      expect(answer.headers['cache-control'] ?? []).not.toContain(MEDIA_CACHE_CONTROL.versioned)
    }
  })
})
