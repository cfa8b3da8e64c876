// While the S3 store is down (its server killed, then restarted): what health says, what a visitor
// asking for a media or chat file gets and how soon, an upload refused; and the nginx front, which
// keeps answering the media files it has cached. The same site as s3-storage.test.ts (two Payload
// instances over one SQLite database and one bucket on a real S3 server, tests/support/s3Storage.ts).
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { checkReadiness, dependenciesUp, HEALTH_CHECK_TIMEOUT_MS } from '@/platform/health'
import { MEDIA_FILE_PREFIX } from '@/server/mediaFiles'
import { startFront } from '../support/front'
import { startTestPayload } from '../support/payload'
import { startTempPostgres } from '../support/postgres'
import {
  DOWN_ANSWER_BOUND_MS,
  first,
  FRONT_HTTPS_PORT,
  FRONT_PORT,
  s3,
  setUpS3Sites,
  siteOne,
  staffAuthorization,
  uploadChatFile,
  uploadMedia,
} from '../support/s3Storage'

setUpS3Sites()

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
