// The uploads folder the media-file suites serve (src/server/mediaFiles*.test.ts): an image, an SVG,
// a video, a hidden file, a folder and a file beside the folder, behind the site's own request
// listener, whose other requests stand in for Next (and are noted); and a raw client for it.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { scriptMarkFor } from '@/security/scriptMark'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { listenOnLoopback } from './handlerServer'

export const IMAGE = Buffer.from('RIFF\0\0\0\0WEBPVP8 fake image bytes')
/** A video's bytes, each one telling its place, so a wrong slice shows. */
export const VIDEO = Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251))
export const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`
/** A whole second, as Last-Modified and the front's ETag carry seconds. */
export const MODIFIED = new Date('2024-03-01T12:00:00Z')

/** The suite's uploads folder, set before its tests run. */
export let mediaDir: string
let server: Awaited<ReturnType<typeof listenOnLoopback>>
let port: number
export const reachedNext: string[] = []

/**
 * Registers the suite's uploads folder and the site's listener serving it on a loopback port, made
 * before the suite's tests and removed after them.
 */
export function setUpMediaServer() {
  beforeAll(async () => {
    // Suites running one after another in one thread share this module: each starts with none.
    reachedNext.length = 0
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-media-'))
    fs.writeFileSync(path.join(mediaDir, 'hero-800x450.webp'), IMAGE)
    fs.writeFileSync(path.join(mediaDir, 'logo.svg'), SVG)
    fs.writeFileSync(path.join(mediaDir, 'clip.mp4'), VIDEO)
    fs.writeFileSync(path.join(mediaDir, '.hidden.webp'), IMAGE)
    fs.mkdirSync(path.join(mediaDir, 'folder.webp'))
    for (const name of ['hero-800x450.webp', 'logo.svg', 'clip.mp4'])
      fs.utimesSync(path.join(mediaDir, name), MODIFIED, MODIFIED)
    fs.writeFileSync(path.join(path.dirname(mediaDir), 'outside.webp'), IMAGE)
    server = await listenOnLoopback(
      siteRequestListener({
        handle: (req, res) => {
          reachedNext.push(`${req.method} ${req.url}`)
          res.writeHead(405, { 'Content-Type': 'application/json' })
          res.end('{"errors":[]}')
        },
        trust: proxyTrustFrom(''),
        dev: false,
        scriptMark: scriptMarkFor('test-secret', 'test-build'),
        mediaDir,
      }),
    )
    port = Number(new URL(server.url).port)
  })
  afterAll(async () => {
    // Every connection closed with it: one kept alive after an SVG sent whole would hold it for seconds.
    await server.close()
    fs.rmSync(mediaDir, { recursive: true, force: true })
    fs.rmSync(path.join(path.dirname(mediaDir), 'outside.webp'), { force: true })
  })
}

/** A raw request: the path as written (no normalising of `..`), the bytes as sent. */
export function request(target: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: target, headers, method }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
      .end()
  })
}

export const HERO = '/api/media/file/hero-800x450.webp'
export const CLIP = '/api/media/file/clip.mp4?v=lt3k9x2a'
