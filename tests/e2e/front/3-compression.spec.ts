// What the front serves itself, and how: build assets precompressed and immutable, brotli to a
// browser and gzip to others, uploaded images with validators.
import https from 'node:https'
import zlib from 'node:zlib'
import { expect } from '@playwright/test'
import { MEDIA_CACHE_CONTROL } from '../../../src/content/media/fileVersion'
import { MEDIA_FILE_PREFIX } from '../../../src/server/mediaFiles'
import { APP_A, FRONT, test } from '../support/productionStack'

/** What Chromium asks for over https (a page, a script); it takes brotli there, and only there. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const RAW_GET_TIMEOUT_MS = 10_000

/** One GET with the bytes as they came, not decoded: the encoding, the caching status and the body. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string | undefined; cacheStatus: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      const request = https.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            cacheStatus: response.headers['x-cache-status'] as string | undefined,
            body: Buffer.concat(chunks),
          }),
        )
      })
      request.setTimeout(RAW_GET_TIMEOUT_MS, () =>
        request.destroy(new Error(`no answer from ${url} within ${RAW_GET_TIMEOUT_MS} ms`)),
      )
      request.on('error', reject)
    },
  )
}

/** A body decoded as its Content-Encoding says (none: as it is). */
function decoded({ encoding, body }: { encoding: string | undefined; body: Buffer }): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  expect(encoding).toBeUndefined()
  return body
}

test.describe('production front', () => {
  test('serves build assets precompressed and immutable', async ({ request }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
    expect(chunk).toBeTruthy()
    const response = await request.get(`${FRONT}${chunk}`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('immutable')
    expect(response.headers()['content-encoding']).toBe('gzip')
    // nginx serves it (the app does not send ETags of this shape).
    expect(response.headers()['server']).toBe('nginx')
  })

  test('sends a browser the build’s brotli copy, smaller than the gzip one and the same script; gzip to a client that refuses brotli', async ({
    request,
  }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const chunks = [...new Set(html.match(/\/_next\/static\/[^"]+\.js/g))]
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) {
      const original = await rawGet(`${FRONT}${chunk}`, 'identity')
      const brotli = await rawGet(`${FRONT}${chunk}`, BROWSER_ACCEPT_ENCODING)
      const gzip = await rawGet(`${FRONT}${chunk}`, 'br;q=0, gzip')
      expect([original.status, brotli.status, gzip.status]).toEqual([200, 200, 200])
      expect([original.encoding, brotli.encoding, gzip.encoding]).toEqual([undefined, 'br', 'gzip'])
      expect(decoded(brotli).equals(original.body)).toBe(true)
      expect(decoded(gzip).equals(original.body)).toBe(true)
      expect(brotli.body.length).toBeLessThan(gzip.body.length)
    }
  })

  test('sends a page in brotli to a browser and in gzip to a client that takes only gzip, the same page each time, each kept by the micro-cache', async () => {
    const path = `${FRONT}/pricing`
    const asked = async (acceptEncoding: string) => {
      await rawGet(path, acceptEncoding)
      return rawGet(path, acceptEncoding)
    }
    const brotli = await asked(BROWSER_ACCEPT_ENCODING)
    const gzip = await asked('gzip')
    const plain = await asked('identity')
    // Brotli refused with q=0, or a name that only starts like it, is not brotli.
    const refused = await asked('br;q=0, gzip')
    const misnamed = await asked('brotli, gzip')
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined])
    expect([refused.encoding, misnamed.encoding]).toEqual(['gzip', 'gzip'])
    for (const answer of [brotli, gzip, plain, refused, misnamed]) {
      expect(answer.status).toBe(200)
      expect(['HIT', 'UPDATING', 'STALE']).toContain(answer.cacheStatus)
    }
    const page = decoded(plain).toString()
    expect(page).toContain('</html>')
    expect(decoded(brotli).toString()).toBe(page)
    expect(decoded(gzip).toString()).toBe(page)
    expect(brotli.body.length).toBeLessThan(gzip.body.length)
  })

  test('serves uploaded images itself: immutable at a versioned address, with validators and 304', async ({
    request,
  }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const address = new RegExp(`${MEDIA_FILE_PREFIX}[^"?]+\\?v=[0-9a-z]+`).exec(html)?.[0]
    expect(address).toBeTruthy()
    const image = await request.get(`${FRONT}${address}`)
    expect(image.status()).toBe(200)
    // nginx's own file answer: the app sends no Accept-Ranges, and the page cache's status is not there.
    expect(image.headers()['accept-ranges']).toBe('bytes')
    expect(image.headers()['x-cache-status']).toBeUndefined()
    expect(image.headers()['cache-control']).toBe(MEDIA_CACHE_CONTROL.versioned)
    expect(image.headers()['x-content-type-options']).toBe('nosniff')
    const { etag, 'last-modified': lastModified } = image.headers()
    expect(etag).toBeTruthy()
    // The instances give the same validators, so a copy from either revalidates at the front.
    const fromApp = await request.get(`${APP_A}${address}`)
    expect(fromApp.headers()['etag']).toBe(etag)
    expect(fromApp.headers()['last-modified']).toBe(lastModified)
    expect((await request.get(`${FRONT}${address}`, { headers: { 'If-None-Match': etag } })).status()).toBe(304)
    expect((await request.get(`${FRONT}${address}`, { headers: { 'If-Modified-Since': lastModified } })).status()).toBe(
      304,
    )
    const unversioned = await request.get(`${FRONT}${address!.split('?')[0]}`)
    expect(unversioned.headers()['cache-control']).toBe(MEDIA_CACHE_CONTROL.unversioned)
    expect((await request.get(`${FRONT}${MEDIA_FILE_PREFIX}no-such-file.webp`)).status()).toBe(404)
    expect((await request.get(`${FRONT}${MEDIA_FILE_PREFIX}..%2F..%2Fstack.json`)).status()).toBe(400)
  })
})
