// The nginx front serving uploads from the uploads folder, as on a server: a symbolic link put in
// that folder (by a tampered restore, by hand) is never followed, by the front nor by the app it falls back to.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_FILE_PREFIX } from '@/server/mediaFiles'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { scriptMarkFor } from '@/security/scriptMark'
import { startFront } from '../support/front'
import { freePort } from '../support/ports'

const IMAGE = 'RIFF\0\0\0\0WEBPVP8 an upload'
const SECRET = 'PAYLOAD_SECRET=never-served-by-the-front'

let root: string
let app: http.Server
let front: Awaited<ReturnType<typeof startFront>> | undefined

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'front-media-links-'))
  // nginx's workers (www-data when run as root) read the uploads folder, as the install sets it up.
  fs.chmodSync(root, 0o755)
  const media = path.join(root, 'media')
  fs.mkdirSync(media, { mode: 0o755 })
  fs.writeFileSync(path.join(media, 'upload.webp'), IMAGE, { mode: 0o644 })
  fs.writeFileSync(path.join(root, 'site.env'), SECRET, { mode: 0o644 })
  fs.symlinkSync(path.join(root, 'site.env'), path.join(media, 'evil.png'))
  fs.symlinkSync('upload.webp', path.join(media, 'alias.webp'))

  app = http.createServer(
    siteRequestListener({
      handle: (_req, res) => {
        res.writeHead(500)
        res.end('media requests never reach Next')
      },
      trust: proxyTrustFrom('127.0.0.1'),
      dev: false,
      scriptMark: scriptMarkFor('test-secret', 'test-build'),
      mediaDir: media,
    }),
  )
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  front = await startFront({
    appPort: (app.address() as AddressInfo).port,
    port: await freePort(),
    httpsPort: await freePort(),
    media: { folder: media },
  })
})
afterAll(async () => {
  await front?.stop()
  await new Promise<void>((resolve) => app?.close(() => resolve()))
  fs.rmSync(root, { recursive: true, force: true })
})

describe('the nginx front with uploads in a folder', () => {
  it('serves a regular upload from the folder', async () => {
    const answer = await front!.get(`${MEDIA_FILE_PREFIX}upload.webp`)
    expect(answer.status).toBe(200)
    expect(answer.body.toString('latin1')).toBe(IMAGE)
  })

  it('answers 404 for a symbolic link in the folder, wherever it points, and sends none of its target', async () => {
    for (const name of ['evil.png', 'alias.webp']) {
      const answer = await front!.get(`${MEDIA_FILE_PREFIX}${name}`)
      expect(answer.status, name).toBe(404)
      expect(answer.body.toString()).not.toContain('never-served')
      expect(answer.body.toString('latin1')).not.toContain(IMAGE)
    }
  })
})
