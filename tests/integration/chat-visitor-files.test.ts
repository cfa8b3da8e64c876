// A visitor's chat files: stored privately, served to their visitor only (whole or one byte range,
// never through a link the stored file has become), and refused for a wrong or lying type or an
// oversized file.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import { CHAT_VISITOR_COOKIE } from '@/chat/constants'
import { contentMatchesType, downloadChatFile, uploadChatFile } from '@/chat/server/http/files'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { payload, setUpChatSuite, SITE, visitorPost } from '../support/chat'

setUpChatSuite()

describe('chat files', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

  async function startedVisitor() {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'start', name: 'Fay', email: 'fay@example.com' })
    return token
  }
  const upload = async (token: string, file: File) => {
    const form = new FormData()
    form.append('file', file)
    // Encoded first, as bytes arrive from the network: a FormData body is encoded while it is
    // read, and Node 24's encoder fails (unhandled) when the reader stops early at the size cap.
    const encoded = new Response(form)
    return uploadChatFile(
      new Request(`${SITE}/api/chat/files`, {
        method: 'POST',
        headers: {
          cookie: `${CHAT_VISITOR_COOKIE}=${token}`,
          host: 'site.test',
          'content-type': encoded.headers.get('content-type')!,
        },
        body: new Uint8Array(await encoded.arrayBuffer()),
      }),
      payload,
    )
  }

  it('stores an allowed file privately and serves it only to its visitor', async () => {
    const token = await startedVisitor()
    const response = await upload(token, new File([png], 'map.png', { type: 'image/png' }))
    expect(response.status).toBe(200)
    const { event } = await response.json()
    expect(event.file).toMatchObject({ contentType: 'image/png' })
    const own = await downloadChatFile(
      new Request(`${SITE}${event.file.url}`, { headers: { cookie: `${CHAT_VISITOR_COOKIE}=${token}` } }),
      payload,
      String(event.file.id),
    )
    expect(own.status).toBe(200)
    const other = await downloadChatFile(
      new Request(`${SITE}${event.file.url}`, { headers: { cookie: `${CHAT_VISITOR_COOKIE}=${newVisitorToken()}` } }),
      payload,
      String(event.file.id),
    )
    expect(other.status).toBe(404)
    await expect(payload.find({ collection: 'chat-files', overrideAccess: false })).rejects.toThrow(/not allowed/i)
  })

  it('serves one byte range of a file (206), refuses a range past its end (416), and sends it whole when If-Range names another version', async () => {
    const token = await startedVisitor()
    const text = 'Parcel 12-345, recorded in book 88, page 1021.\n'
    const { event } = await (await upload(token, new File([text], 'notes.txt', { type: 'text/plain' }))).json()
    const download = (headers: Record<string, string>) =>
      downloadChatFile(
        new Request(`${SITE}${event.file.url}`, { headers: { cookie: `${CHAT_VISITOR_COOKIE}=${token}`, ...headers } }),
        payload,
        String(event.file.id),
      )
    const whole = await download({})
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    const entityTag = whole.headers.get('etag')!
    expect(await whole.text()).toBe(text)

    const part = await download({ range: 'bytes=7-12', 'if-range': entityTag })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 7-12/${text.length}`)
    expect(await part.text()).toBe('12-345')
    const tail = await download({ range: 'bytes=-5' })
    expect([tail.status, await tail.text()]).toEqual([206, '1021.\n'.slice(-5)])

    const past = await download({ range: `bytes=${text.length}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${text.length}`)
    const changed = await download({ range: 'bytes=7-12', 'if-range': '"another-version"' })
    expect([changed.status, await changed.text()]).toEqual([200, text])
    // Not the visitor's: no part of it either.
    const stranger = await downloadChatFile(
      new Request(`${SITE}${event.file.url}`, {
        headers: { cookie: `${CHAT_VISITOR_COOKIE}=${newVisitorToken()}`, range: 'bytes=0-3' },
      }),
      payload,
      String(event.file.id),
    )
    expect(stranger.status).toBe(404)
  })

  it('answers 404 when the stored file has become a symbolic link, and sends none of its target', async () => {
    const token = await startedVisitor()
    const { event } = await (await upload(token, new File([png], 'linked.png', { type: 'image/png' }))).json()
    const stored = await payload.findByID({ collection: 'chat-files', id: event.file.id, depth: 0 })
    const onDisk = path.join(CHAT_FILES_DIR, stored.filename!)
    const secrets = path.join(path.dirname(CHAT_FILES_DIR), 'linked-secrets.env')
    fs.writeFileSync(secrets, 'PAYLOAD_SECRET=never-sent')
    fs.rmSync(onDisk)
    fs.symlinkSync(secrets, onDisk)
    try {
      const answer = await downloadChatFile(
        new Request(`${SITE}${event.file.url}`, { headers: { cookie: `${CHAT_VISITOR_COOKIE}=${token}` } }),
        payload,
        String(event.file.id),
      )
      expect(answer.status).toBe(404)
      expect(await answer.text()).not.toContain('never-sent')
    } finally {
      fs.rmSync(secrets, { force: true })
    }
  })

  it('refuses a wrong MIME type and a file whose bytes lie about its type', async () => {
    const token = await startedVisitor()
    expect((await upload(token, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }))).status).toBe(415)
    expect((await upload(token, new File(['<html>'], 'fake.png', { type: 'image/png' }))).status).toBe(415)
    expect(contentMatchesType(png, 'image/png')).toBe(true)
  })

  it('refuses an oversized file with 413', async () => {
    const token = await startedVisitor()
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41)
    expect((await upload(token, new File([big], 'big.txt', { type: 'text/plain' }))).status).toBe(413)
  })
})
