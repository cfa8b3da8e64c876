import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Payload } from 'payload'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaImage } from '@/blocks/Media'
import { MEDIA_CACHE_CONTROL, MEDIA_VERSION_PARAM, mediaVersion } from '@/content/media/fileVersion'
import { precompressedPath } from '@/content/media/precompress'
import { MEDIA_DIR } from '@/platform/paths'
import type { Media } from '@/payload-types'
import { scriptMarkFor } from '@/security/scriptMark'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
let server: http.Server
let origin: string

const png = (colour: string, width = 1000) =>
  sharp({ create: { width, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer()

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  server = http.createServer(
    siteRequestListener({
      handle: (_req, res) => {
        res.writeHead(500)
        res.end('media requests never reach Next')
      },
      trust: proxyTrustFrom(''),
      dev: false,
      scriptMark: scriptMarkFor('test-secret', 'test-build'),
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await cleanup?.()
})

async function upload(name: string, colour: string): Promise<Media> {
  const data = await png(colour)
  return payload.create({
    collection: 'media',
    data: { alt: 'A test image' },
    file: { data, mimetype: 'image/png', name, size: data.length },
  })
}

const fileUrls = (doc: Media) =>
  [doc.url, ...Object.values(doc.sizes ?? {}).map((size) => size?.url)].filter(Boolean) as string[]

describe('uploaded files are addressed by version and cached for good', () => {
  it('names every file of an upload (original and sizes) with the version of its last change', async () => {
    const doc = await payload.findByID({
      collection: 'media',
      id: (await upload(`versioned-${Date.now()}.png`, '#345')).id,
    })
    const version = mediaVersion(doc.updatedAt)
    expect(version).toBeTruthy()
    const urls = fileUrls(doc)
    expect(urls.length).toBeGreaterThan(1)
    for (const url of urls) {
      expect(url).toMatch(/^\/api\/media\/file\/[^/?]+\?/)
      expect(new URL(url, origin).searchParams.get(MEDIA_VERSION_PARAM)).toBe(version)
    }
  })

  it('renders images whose src and srcset carry the version, on the site’s own origin whatever host name reaches it', async () => {
    const doc = await payload.findByID({
      collection: 'media',
      id: (await upload(`rendered-${Date.now()}.png`, '#543')).id,
    })
    const html = renderToStaticMarkup(createElement(MediaImage, { media: doc, sizes: '100vw', priority: true }))
    const version = mediaVersion(doc.updatedAt)
    const src = html.match(/ src="([^"]+)"/)![1].replaceAll('&amp;', '&')
    const srcset = html.match(/ srcSet="([^"]+)"/i)![1].replaceAll('&amp;', '&')
    expect(new URL(src, origin).searchParams.get(MEDIA_VERSION_PARAM)).toBe(version)
    const candidates = srcset.split(', ').map((candidate) => candidate.split(' ')[0])
    expect(candidates.length).toBeGreaterThan(0)
    for (const candidate of candidates)
      expect(new URL(candidate, origin).searchParams.get(MEDIA_VERSION_PARAM)).toBe(version)
    // Addresses from the site's root, with no host: the page works on any name the site answers to.
    for (const address of [src, ...candidates]) expect(address).toMatch(/^\/api\/media\//)
  })

  it('serves the versioned address for a year with validators, and the bytes Payload stored', async () => {
    const doc = await upload(`served-${Date.now()}.png`, '#abc')
    const response = await fetch(`${origin}${doc.url}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL.versioned)
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(response.headers.get('last-modified')).toBeTruthy()
    expect(response.headers.get('content-type')).toBe('image/png')
    const stored = fs.readFileSync(path.join(MEDIA_DIR, doc.filename!))
    expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true)
    const revalidated = await fetch(`${origin}${doc.url}`, {
      headers: { 'If-None-Match': response.headers.get('etag')! },
    })
    expect(revalidated.status).toBe(304)
  })

  it('gives a replaced file a new address, whose answer is the new file', async () => {
    const before = await upload(`replaced-${Date.now()}.png`, '#111')
    const first = await fetch(`${origin}${before.url}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Another size: the tag, like nginx's, is the file's date in seconds and its length.
    const data = await png('#eee', 1200)
    const after = await payload.update({
      collection: 'media',
      id: before.id,
      data: {},
      file: { data, mimetype: 'image/png', name: before.filename!, size: data.length },
    })
    expect(after.url).not.toBe(before.url)
    const second = await fetch(`${origin}${after.url}`, { headers: { 'If-None-Match': first.headers.get('etag')! } })
    expect(second.status).toBe(200)
    expect(Buffer.from(await second.arrayBuffer()).equals(fs.readFileSync(path.join(MEDIA_DIR, after.filename!)))).toBe(
      true,
    )
  })
})

describe('an uploaded SVG is precompressed for the front', () => {
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${'<circle cx="50" cy="50" r="40" fill="#123"/>'.repeat(50)}</svg>`

  it('has a gzip copy beside it, dated like it, which goes when the upload is deleted', async () => {
    const data = Buffer.from(drawing)
    const doc = await payload.create({
      collection: 'media',
      data: { alt: 'A drawing' },
      file: { data, mimetype: 'image/svg+xml', name: `drawing-${Date.now()}.svg`, size: data.length },
    })
    const file = path.join(MEDIA_DIR, doc.filename!)
    const copy = precompressedPath(doc.filename!)
    expect(zlib.gunzipSync(fs.readFileSync(copy)).equals(fs.readFileSync(file))).toBe(true)
    // The same second, which is what Last-Modified and the front's ETag carry.
    const seconds = (at: string) => Math.floor(fs.statSync(at).mtimeMs / 1000)
    expect(seconds(copy)).toBe(seconds(file))
    expect(fs.statSync(copy).size).toBeLessThan(data.length)
    await payload.delete({ collection: 'media', id: doc.id })
    expect(fs.existsSync(copy)).toBe(false)
  })

  it('loses its copy when the upload is replaced by a raster image', async () => {
    const data = Buffer.from(drawing)
    const doc = await payload.create({
      collection: 'media',
      data: { alt: 'A drawing' },
      file: { data, mimetype: 'image/svg+xml', name: `swapped-${Date.now()}.svg`, size: data.length },
    })
    const copy = precompressedPath(doc.filename!)
    expect(fs.existsSync(copy)).toBe(true)
    const raster = await png('#777')
    await payload.update({
      collection: 'media',
      id: doc.id,
      data: {},
      file: { data: raster, mimetype: 'image/png', name: `swapped-${Date.now()}.png`, size: raster.length },
    })
    expect(fs.existsSync(copy)).toBe(false)
  })

  it('has no copy for a raster image, which is compressed already', async () => {
    const doc = await upload(`raster-${Date.now()}.png`, '#999')
    expect(fs.existsSync(precompressedPath(doc.filename!))).toBe(false)
  })
})
