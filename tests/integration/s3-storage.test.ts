// Uploads and chat files in S3-compatible storage: two Payload instances over one SQLite database
// and one bucket on a real S3 server (tests/support/s3Storage.ts), each behind the site's own file
// routes. Media is public through the site's addresses, chat files only to staff; what either
// instance stores, the other serves. While the store is down: s3-outage.test.ts.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { MEDIA_DIR } from '@/platform/paths'
import {
  first,
  keysUnder,
  mediaKeysOf,
  second,
  setUpS3Sites,
  siteOne,
  siteTwo,
  staffAuthorization,
  uploadChatFile,
  uploadMedia,
} from '../support/s3Storage'

setUpS3Sites()

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
