// Media files as the site's own server answers them (caching, validators, compression, names it
// refuses, what it leaves to Payload), the pieces of a media request it reads, and the nginx front's
// template agreeing with it. Byte ranges: mediaFileRanges.test.ts.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MEDIA_CACHE_CONTROL, MEDIA_VERSION_SHAPE } from '@/content/media/fileVersion'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import {
  HERO,
  IMAGE,
  mediaDir,
  MODIFIED,
  reachedNext,
  request,
  setUpMediaServer,
  SVG,
} from '../../tests/support/mediaServer'
import { isNotModified, MEDIA_FILE_CSP, mediaEntityTag, mediaFileName } from './mediaFiles'

setUpMediaServer()

describe('a media file answered by the site’s server', () => {
  it('is kept for a year, unchanged, when its address carries the file’s version', async () => {
    const answer = await request(`${HERO}?v=lt3k9x2a`)
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL.versioned)
    expect(answer.headers['content-type']).toBe('image/webp')
    expect(answer.body.equals(IMAGE)).toBe(true)
    expect(reachedNext).toEqual([])
  })

  it('is revalidated before each use when its address has no version, or one that is not a version', async () => {
    for (const target of [
      HERO,
      `${HERO}?w=800`,
      `${HERO}?v=`,
      `${HERO}?v=%3Cscript%3E`,
      `${HERO}?v=${'a'.repeat(40)}`,
    ]) {
      const answer = await request(target)
      expect(answer.status, target).toBe(200)
      expect(answer.headers['cache-control'], target).toBe(MEDIA_CACHE_CONTROL.unversioned)
    }
  })

  it('carries an ETag and Last-Modified, in the form the nginx front gives the same file', async () => {
    const answer = await request(HERO)
    const stats = fs.statSync(path.join(mediaDir, 'hero-800x450.webp'))
    expect(answer.headers.etag).toBe(`"${(MODIFIED.getTime() / 1000).toString(16)}-${stats.size.toString(16)}"`)
    expect(answer.headers['last-modified']).toBe(MODIFIED.toUTCString())
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['content-security-policy']).toBe(MEDIA_FILE_CSP)
  })

  it('answers 304 with no body when If-None-Match names the current tag, weak or in a list', async () => {
    const { headers } = await request(`${HERO}?v=lt3k9x2a`)
    const etag = headers.etag!
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await request(`${HERO}?v=lt3k9x2a`, { 'If-None-Match': ifNoneMatch })
      expect(answer.status, ifNoneMatch).toBe(304)
      expect(answer.body.length).toBe(0)
      expect(answer.headers.etag).toBe(etag)
      expect(answer.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL.versioned)
    }
  })

  it('answers 304 when If-Modified-Since is the file’s date or later, and If-None-Match overrides it', async () => {
    expect((await request(HERO, { 'If-Modified-Since': MODIFIED.toUTCString() })).status).toBe(304)
    expect(
      (await request(HERO, { 'If-Modified-Since': new Date(MODIFIED.getTime() + 60_000).toUTCString() })).status,
    ).toBe(304)
    expect(
      (await request(HERO, { 'If-Modified-Since': new Date(MODIFIED.getTime() - 1000).toUTCString() })).status,
    ).toBe(200)
    const overridden = await request(HERO, { 'If-None-Match': '"stale"', 'If-Modified-Since': MODIFIED.toUTCString() })
    expect(overridden.status).toBe(200)
  })

  it('sends the whole file for a stale, malformed or hostile condition, never an error', async () => {
    const conditions: Record<string, string>[] = [
      { 'If-None-Match': '"1-1"' },
      { 'If-None-Match': 'garbage without quotes' },
      { 'If-None-Match': '"' },
      { 'If-None-Match': Array.from({ length: 500 }, (_, i) => `"${i}"`).join(', ') },
      { 'If-Modified-Since': 'yesterday, at tea time' },
      { 'If-Modified-Since': '' },
    ]
    for (const headers of conditions) {
      const answer = await request(HERO, headers)
      expect(answer.status, JSON.stringify(headers).slice(0, 60)).toBe(200)
      expect(answer.body.equals(IMAGE)).toBe(true)
    }
  })

  it('answers HEAD with the headers alone', async () => {
    const answer = await request(HERO, {}, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-length']).toBe(String(IMAGE.length))
    expect(answer.body.length).toBe(0)
  })

  it('compresses an SVG for a client that takes gzip, under a weak tag, and lets it run no script', async () => {
    const answer = await request('/api/media/file/logo.svg', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('image/svg+xml')
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(answer.body).toString()).toBe(SVG)
    expect(answer.headers.etag).toMatch(/^W\/"/)
    expect(answer.headers['content-security-policy']).toContain('sandbox')
    const again = await request('/api/media/file/logo.svg', { 'If-None-Match': answer.headers.etag! })
    expect(again.status).toBe(304)
  })

  it('refuses a name that leads out of the uploads folder or hides, with 400', async () => {
    for (const target of [
      '/api/media/file/../outside.webp',
      '/api/media/file/..%2Foutside.webp',
      '/api/media/file/%2e%2e%2Foutside.webp',
      '/api/media/file/..',
      '/api/media/file/%2e%2e',
      '/api/media/file/..%5Coutside.webp',
      '/api/media/file/sub/hero-800x450.webp',
      '/api/media/file/.hidden.webp',
      '/api/media/file/hero%00.webp',
      '/api/media/file/',
    ]) {
      const answer = await request(target)
      expect(answer.status, target).toBe(400)
      expect(answer.body.toString()).toMatch(/^Bad request/)
      expect(answer.body.includes(IMAGE)).toBe(false)
    }
  })

  it('answers 404 for a file that is not there, or a folder', async () => {
    for (const target of [
      '/api/media/file/nothing.webp',
      '/api/media/file/folder.webp',
      '/api/media/file/nothing.webp?v=abc',
    ]) {
      const answer = await request(target)
      expect(answer.status, target).toBe(404)
      expect(answer.headers['cache-control']).toBe('no-store')
    }
  })

  it('answers 404 for a symbolic link in the uploads folder, wherever it points, and sends none of its target', async () => {
    const secrets = path.join(path.dirname(mediaDir), `site-${path.basename(mediaDir)}.env`)
    fs.writeFileSync(secrets, 'PAYLOAD_SECRET=never-served')
    fs.symlinkSync(secrets, path.join(mediaDir, 'evil.png'))
    fs.symlinkSync('hero-800x450.webp', path.join(mediaDir, 'alias.webp'))
    try {
      for (const [target, method] of [
        ['/api/media/file/evil.png', 'GET'],
        ['/api/media/file/evil.png?v=lt3k9x2a', 'GET'],
        ['/api/media/file/evil.png', 'HEAD'],
        ['/api/media/file/alias.webp', 'GET'],
      ]) {
        const answer = await request(target, {}, method)
        expect(answer.status, `${method} ${target}`).toBe(404)
        expect(answer.body.includes('never-served')).toBe(false)
        expect(answer.body.includes(IMAGE)).toBe(false)
      }
    } finally {
      fs.rmSync(secrets, { force: true })
    }
  })

  it('leaves other methods to Payload', async () => {
    reachedNext.length = 0
    const answer = await request(HERO, {}, 'DELETE')
    expect(answer.status).toBe(405)
    expect(reachedNext).toEqual([`DELETE ${HERO}`])
  })
})

describe('reading a media request', () => {
  it('takes one decoded path segment as the file name', () => {
    expect(mediaFileName('/api/media/file/hero%20image.webp')).toEqual({ name: 'hero image.webp' })
    expect(mediaFileName('/api/media/file/a..b.webp')).toEqual({ name: 'a..b.webp' })
    expect(mediaFileName('/api/media/file/%E0%A4%A')).toHaveProperty('refused')
  })

  it('compares tags weakly and dates at one-second precision', () => {
    const tag = mediaEntityTag({ mtimeMs: 1_700_000_000_500, size: 42 })
    expect(tag).toBe('"6553f100-2a"')
    expect(isNotModified({ 'if-none-match': `W/${tag}` }, tag, 1_700_000_000_500)).toBe(true)
    expect(
      isNotModified({ 'if-modified-since': new Date(1_700_000_000_000).toUTCString() }, tag, 1_700_000_000_500),
    ).toBe(true)
    expect(isNotModified({}, tag, 1_700_000_000_500)).toBe(false)
  })
})

describe('the nginx front, which serves the same files (deploy/nginx.conf.template)', () => {
  const template = fs.readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf.template'), 'utf8')
  const mediaLocation = template.slice(template.indexOf('location ~ ^/api/media/file/'))
  const block = mediaLocation.slice(0, mediaLocation.indexOf('\n        }'))

  it('reads a version of the same shape and sends the same Cache-Control values', () => {
    const map = /map \$arg_v \$media_cache_control \{\s*"~([^"]+)" "([^"]+)";\s*default "([^"]+)";/.exec(template)
    expect(map?.slice(1)).toEqual([
      MEDIA_VERSION_SHAPE.source,
      MEDIA_CACHE_CONTROL.versioned,
      MEDIA_CACHE_CONTROL.unversioned,
    ])
    expect(block).toContain('add_header Cache-Control $media_cache_control;')
  })

  it('leaves byte ranges on for uploads: no max_ranges, and no video type among those it compresses', () => {
    expect(template).not.toMatch(/max_ranges/)
    expect(template).not.toMatch(/gzip_types[^;]*video/)
  })

  it('sends the security headers and the policy the app sends with a media file, with its errors too (always)', () => {
    expect(block).toContain(`add_header Content-Security-Policy "${MEDIA_FILE_CSP}" always;`)
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
      expect(block).toMatch(new RegExp(`add_header ${name} "?${value.replace(/[()]/g, '\\$&')}"? always;`))
  })
})
