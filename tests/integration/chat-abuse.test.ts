import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHAT_AGENT_VISITOR_LIST_MAX,
  CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
  CHAT_NEW_VISITORS_PER_ADDRESS,
  CHAT_STREAMS_PER_ADDRESS,
  CHAT_STREAMS_PER_INSTANCE,
  CHAT_VISITOR_COOKIE,
} from '@/chat/constants'
import { agentStream } from '@/chat/server/agent'
import { CHAT_UPLOAD_MAX_BYTES, uploadChatFile } from '@/chat/server/files'
import { chatHub } from '@/chat/server/hub'
import { hashVisitorToken, newVisitorToken } from '@/chat/server/tokens'
import { visitorAction, visitorStream } from '@/chat/server/visitor'
import type { VisitorListView } from '@/chat/types'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
let agentToken: string
const SITE = 'http://site.test'

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await payload.create({
    collection: 'users',
    data: { email: 'agent@example.com', password: 'a-long-test-password', roles: ['agent'], name: 'Ada Agent' },
  })
  agentToken = (
    await payload.login({ collection: 'users', data: { email: 'agent@example.com', password: 'a-long-test-password' } })
  ).token!
})
afterAll(() => cleanup?.())

/** Each test speaks from its own addresses, so that one test's allowance never spends another's. */
let addressCount = 0
const newAddress = () => `198.51.100.${++addressCount}`

const headersFrom = (address: string, token?: string, extra: Record<string, string> = {}) => ({
  host: 'site.test',
  origin: SITE,
  'content-type': 'application/json',
  'x-forwarded-for': address,
  ...(token ? { cookie: `${CHAT_VISITOR_COOKIE}=${token}` } : {}),
  ...extra,
})

const post = (address: string, token: string | undefined, body: unknown, site = SITE, extra = {}) =>
  visitorAction(
    new Request(`${site}/api/chat/visitor`, {
      method: 'POST',
      headers: headersFrom(address, token, { origin: site, ...extra }),
      body: JSON.stringify(body),
    }),
    payload,
  )

function openStream(address: string, token?: string) {
  const controller = new AbortController()
  const response = visitorStream(
    new Request(`${SITE}/api/chat/stream`, { headers: headersFrom(address, token), signal: controller.signal }),
    payload,
  )
  return { response, close: () => controller.abort() }
}

const conversationCount = async () => (await payload.count({ collection: 'chat-conversations' })).totalDocs
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/** A refusal with the documented status, a whole-second Retry-After and plain words. */
async function expectRefused(response: Response) {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
  expect((await response.json()).error).toMatch(/\w+ \w+/)
  expect(response.headers.get('set-cookie')).toBeNull()
}

describe('per-address chat limits', () => {
  it(`gives one address at most ${CHAT_NEW_VISITORS_PER_ADDRESS} new visitor tokens, then 429 on posts and streams; another address is still served`, async () => {
    const crowded = newAddress()
    for (let i = 0; i < CHAT_NEW_VISITORS_PER_ADDRESS; i++) {
      const response = await post(crowded, undefined, { action: 'page', page: '/' })
      expect(response.status).toBe(200)
      expect(response.headers.get('set-cookie')).toContain(`${CHAT_VISITOR_COOKIE}=`)
    }
    await expectRefused(await post(crowded, undefined, { action: 'page', page: '/' }))
    const visitorsBefore = chatHub().visitors.size
    const stream = openStream(crowded)
    await expectRefused(await stream.response)
    expect(chatHub().visitors.size).toBe(visitorsBefore)

    // A visitor who already holds a token this site issued is not a new one ...
    expect((await post(crowded, newVisitorToken(), { action: 'page', page: '/' })).status).toBe(200)
    // ... but a token the client made up, or one with its signature swapped, is, and is refused.
    const [random] = newVisitorToken().split('.')
    const [, otherSignature] = newVisitorToken().split('.')
    for (const invented of [random, `${random}.${otherSignature}`, 'A'.repeat(43)]) {
      await expectRefused(await post(crowded, invented, { action: 'page', page: '/' }))
    }
    const elsewhere = await post(newAddress(), undefined, { action: 'page', page: '/' })
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.headers.get('set-cookie')).toContain(`${CHAT_VISITOR_COOKIE}=`)
  })

  it(`lets one address open at most ${CHAT_NEW_CONVERSATIONS_PER_ADDRESS} conversations, then refuses start, message and identify with 429 and stores none`, async () => {
    const crowded = newAddress()
    const first = newVisitorToken()
    for (let i = 0; i < CHAT_NEW_CONVERSATIONS_PER_ADDRESS; i++) {
      const response = await post(crowded, i === 0 ? first : newVisitorToken(), { action: 'start' })
      expect(response.status).toBe(200)
    }
    const before = await conversationCount()
    await expectRefused(await post(crowded, newVisitorToken(), { action: 'start' }))
    await expectRefused(await post(crowded, newVisitorToken(), { action: 'message', text: 'Hello there' }))
    await expectRefused(await post(crowded, newVisitorToken(), { action: 'identify', name: 'Flo' }))
    expect(await conversationCount()).toBe(before)

    // A conversation already open goes on; another address may still start one.
    expect((await post(crowded, first, { action: 'message', text: 'Still here' })).status).toBe(200)
    expect((await post(newAddress(), newVisitorToken(), { action: 'start' })).status).toBe(200)
    expect(await conversationCount()).toBe(before + 1)
  })

  it(`holds at most ${CHAT_STREAMS_PER_ADDRESS} open visitor streams per address, and a closed stream frees its slot`, async () => {
    const crowded = newAddress()
    const streams = Array.from({ length: CHAT_STREAMS_PER_ADDRESS }, () => openStream(crowded, newVisitorToken()))
    try {
      for (const stream of streams) expect((await stream.response).status).toBe(200)
      const visitorsBefore = chatHub().visitors.size
      const refusedToken = newVisitorToken()
      await expectRefused(await openStream(crowded, refusedToken).response)
      expect(chatHub().visitors.size).toBe(visitorsBefore)

      const other = openStream(newAddress(), newVisitorToken())
      expect((await other.response).status).toBe(200)
      other.close()

      streams[0].close()
      await settle()
      const again = openStream(crowded, refusedToken)
      expect((await again.response).status).toBe(200)
      streams[0] = again
    } finally {
      for (const stream of streams) stream.close()
      await settle()
    }
  })

  it(`holds at most ${CHAT_STREAMS_PER_INSTANCE} open visitor streams on one instance, whatever their addresses`, async () => {
    const slots = chatHub().visitorStreams
    const held: (() => void)[] = []
    const streams: ReturnType<typeof openStream>[] = []
    try {
      // Every slot but one is taken by other visitors (each from an address of their own).
      while (slots.open < CHAT_STREAMS_PER_INSTANCE - 1) {
        const slot = slots.take(`2001:db8::${held.length.toString(16)}`)
        if (!('release' in slot)) throw new Error('a slot was refused below the cap')
        held.push(slot.release)
      }
      streams.push(openStream(newAddress(), newVisitorToken()))
      expect((await streams[0].response).status).toBe(200)
      expect(slots.open).toBe(CHAT_STREAMS_PER_INSTANCE)
      await expectRefused(await openStream(newAddress(), newVisitorToken()).response)
      expect(slots.open).toBe(CHAT_STREAMS_PER_INSTANCE)

      held.pop()?.()
      streams.push(openStream(newAddress(), newVisitorToken()))
      expect((await streams[1].response).status).toBe(200)
    } finally {
      for (const release of held) release()
      for (const stream of streams) stream.close()
      await settle()
    }
  })

  it(`shows agents at most ${CHAT_AGENT_VISITOR_LIST_MAX} visitors, the most recently active first, and how many more there are`, async () => {
    const hub = chatHub()
    const extra = 3
    const fakeIds = Array.from({ length: CHAT_AGENT_VISITOR_LIST_MAX + extra }, (_, i) =>
      i.toString(16).padStart(64, 'f'),
    )
    for (const visitorId of fakeIds)
      hub.visitorConnected({ visitorId, page: '/', status: 'browsing', name: '', conversationId: null })
    await settle()
    const latestToken = newVisitorToken()
    const latest = openStream(newAddress(), latestToken)
    const controller = new AbortController()
    try {
      expect((await latest.response).status).toBe(200)
      const stream = await agentStream(
        new Request(`${SITE}/api/chat/agent/stream`, {
          headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
          signal: controller.signal,
        }),
        payload,
      )
      const list = await firstFrame<VisitorListView>(stream, 'visitors')
      expect(list.visitors).toHaveLength(CHAT_AGENT_VISITOR_LIST_MAX)
      expect(list.more).toBe(hub.visitorList().length - CHAT_AGENT_VISITOR_LIST_MAX)
      expect(list.more).toBeGreaterThanOrEqual(extra + 1)
      expect(list.visitors[0].visitorId).toBe(hashVisitorToken(latestToken))
    } finally {
      controller.abort()
      latest.close()
      for (const visitorId of fakeIds) hub.visitorDisconnected(visitorId)
      await settle()
    }
  })
})

/** The data of the first frame named `name` on an event stream. */
async function firstFrame<T>(response: Response, name: string): Promise<T> {
  const reader = response.body!.getReader()
  let text = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the stream ended before a ${name} frame`)
      text += new TextDecoder().decode(value)
      for (const frame of text.split('\n\n')) {
        if (new RegExp(`^event: ${name}$`, 'm').test(frame) && frame.endsWith('}'))
          return JSON.parse(/^data: (.+)$/m.exec(frame)![1]) as T
      }
    }
  } finally {
    await reader.cancel()
  }
}

describe('chat uploads', () => {
  async function startedVisitor() {
    const token = newVisitorToken()
    expect((await post(newAddress(), token, { action: 'start' })).status).toBe(200)
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
    (await post(newAddress(), undefined, { action: 'page', page: '/' }, site, extra)).headers.get('set-cookie') ?? ''

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
