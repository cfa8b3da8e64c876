import { describe, expect, it } from 'vitest'
import { CHAT_VISITOR_COOKIE } from '@/chat/constants'
import { CHAT_UPLOAD_MAX_BYTES, uploadChatFile } from '@/chat/server/http/files'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { newAddress, payload, setUpChatSuite, SITE, visitorPostFrom } from '../support/chat'

setUpChatSuite()

describe('chat uploads', () => {
  async function startedVisitor() {
    const token = newVisitorToken()
    expect((await visitorPostFrom(newAddress(), token, { action: 'start' })).status).toBe(200)
    return token
  }

  it('answers 413 to a chunked upload over the cap as soon as it is over, without reading the rest', async () => {
    const token = await startedVisitor()
    const chunk = new Uint8Array(64 * 1024).fill(0x61)
    // Far past the cap; the stream ends only so that an upload read whole cannot exhaust memory.
    const wouldSend = 8 * CHAT_UPLOAD_MAX_BYTES
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= wouldSend) return controller.close()
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const response = await uploadChatFile(
      new Request(`${SITE}/api/chat/files`, {
        method: 'POST',
        headers: {
          cookie: `${CHAT_VISITOR_COOKIE}=${token}`,
          host: 'site.test',
          'content-type': 'multipart/form-data; boundary=endless',
        },
        body: endless,
        duplex: 'half',
      } as RequestInit),
      payload,
    )
    expect(response.status).toBe(413)
    expect((await response.json()).error).toMatch(/too large/i)
    // The stream may have read a little ahead of the reader, never the whole body.
    expect(pulled).toBeLessThan(CHAT_UPLOAD_MAX_BYTES + 4 * chunk.byteLength)
  }, 15_000)

  it('refuses an upload from a visitor without an open chat, or with a forged session, before reading its body', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x62)
    for (const cookie of ['', `${CHAT_VISITOR_COOKIE}=${newVisitorToken()}`, 'payload-token=forged']) {
      let pulled = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= CHAT_UPLOAD_MAX_BYTES) return controller.close()
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const response = await uploadChatFile(
        new Request(`${SITE}/api/chat/files`, {
          method: 'POST',
          headers: { cookie, host: 'site.test', 'content-type': 'multipart/form-data; boundary=x' },
          body,
          duplex: 'half',
        } as RequestInit),
        payload,
      )
      expect(response.status, cookie).toBe(403)
      expect((await response.json()).error).toMatch(/start a chat/i)
      // Nothing but what the stream queued ahead of a reader that never came.
      expect(pulled, cookie).toBeLessThanOrEqual(2 * chunk.byteLength)
    }
  })

  it('answers 415 to an .html file declared as text/plain, and stores nothing', async () => {
    const token = await startedVisitor()
    const form = new FormData()
    form.append('file', new File(['<script>alert(1)</script>'], 'page.html', { type: 'text/plain' }))
    const before = (await payload.count({ collection: 'chat-files' })).totalDocs
    const response = await uploadChatFile(
      new Request(`${SITE}/api/chat/files`, {
        method: 'POST',
        headers: { cookie: `${CHAT_VISITOR_COOKIE}=${token}`, host: 'site.test' },
        body: form,
      }),
      payload,
    )
    expect(response.status).toBe(415)
    expect((await response.json()).error).toMatch(/\w+ \w+/)
    expect((await payload.count({ collection: 'chat-files' })).totalDocs).toBe(before)
  })
})

describe('the chat_visitor cookie', () => {
  const cookieFor = async (site: string, extra: Record<string, string> = {}) =>
    (await visitorPostFrom(newAddress(), undefined, { action: 'page', page: '/' }, site, extra)).headers.get(
      'set-cookie',
    ) ?? ''

  it('is Secure when the request URL is https', async () => {
    expect(await cookieFor('https://site.test')).toMatch(/; Secure/)
  })

  it('is Secure when the trusted front says the visitor came over https', async () => {
    expect(await cookieFor(SITE, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/)
  })

  it('is not Secure over plain http', async () => {
    const cookie = await cookieFor(SITE, { 'x-forwarded-proto': 'http' })
    expect(cookie).toContain(`${CHAT_VISITOR_COOKIE}=`)
    expect(cookie).not.toMatch(/Secure/)
  })
})
