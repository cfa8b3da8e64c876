// The S3 storage suites' site (tests/integration/s3-*.test.ts): one bucket on a real S3 server
// (s3rver, its own process on loopback) and two Payload instances over one SQLite database, each
// behind the site's own file routes; an agent signed in for the chat files; uploads made as the
// admin would. Both suites take the same ports: they run one after the other (vitest.config.ts,
// RUN_ALONE).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { getPayload, handleEndpoints, type Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import { downloadChatFile } from '@/chat/server/http/files'
import { migrateDatabase } from '@/platform/migrate'
import { UPLOAD_READ_DEADLINE_MS } from '@/platform/storage/uploadStorage'
import type { ChatFile, Media } from '@/payload-types'
import { buildSiteConfig } from '@/payload.config'
import { scriptMarkFor } from '@/security/scriptMark'
import { proxyTrustFrom } from '@/server/clientAddress'
import { isMediaFileRequest } from '@/server/mediaFiles'
import { siteRequestListener } from '@/server/requestListener'
import { listenOnLoopback, nodeListenerFor } from './handlerServer'
import { startTempS3, type TempS3 } from './s3'
import { startTestPayload } from './payload'

/** The ports this suite's servers take: the S3 server, and the nginx front's plain HTTP and https. */
const S3_PORT = 3405
export const FRONT_PORT = 3401
export const FRONT_HTTPS_PORT = 3402
/** What a visitor may wait for a file while the store is down: the read deadline and a margin for a busy machine. */
export const DOWN_ANSWER_BOUND_MS = UPLOAD_READ_DEADLINE_MS + 1500
const PASSWORD = 'a-long-test-password'

type Site = { url: string; close: () => Promise<void> }

export let s3: TempS3
let bucket: S3Client
let dir: string
export let first: Payload
export let second: { payload: Payload; cleanup: () => Promise<void> }
export let siteOne: Site
export let siteTwo: Site
export let staffAuthorization: string
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
export async function keysUnder(folder: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

const png = (colour: string) =>
  sharp({ create: { width: 900, height: 450, channels: 3, background: colour } })
    .png()
    .toBuffer()

export async function uploadMedia(payload: Payload, name: string, colour: string): Promise<Media> {
  const data = await png(colour)
  return payload.create({
    collection: 'media',
    data: { alt: 'A test image' },
    file: { data, mimetype: 'image/png', name, size: data.length },
  })
}

export async function uploadChatFile(payload: Payload, text: string): Promise<ChatFile> {
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

export const mediaKeysOf = (doc: Media) =>
  [doc.filename, ...Object.values(doc.sizes ?? {}).map((size) => size?.filename)]
    .filter(Boolean)
    .map((name) => `media/${name}`)
    .sort()

/**
 * Registers the suite's S3 server, its two instances of the site and the signed-in agent, started
 * before the suite's tests and stopped after them, the S3 settings taken back out of the environment.
 */
export function setUpS3Sites() {
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
}
