import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_POST_LIMIT,
  CHAT_RECONNECT_MAX_DELAY_MS,
  CHAT_RECONNECT_MAX_TRIES,
  CHAT_RECONNECT_MIN_DELAY_MS,
  CHAT_VISITOR_COOKIE,
} from '@/chat/constants'
import { reconnectDelay } from '@/chat/reconnect'
import { agentAction, agentStream } from '@/chat/server/agent'
import { withinBusinessHours } from '@/chat/server/businessHours'
import { builtinChatConfig } from '@/chat/server/config'
import { contentMatchesType, downloadChatFile, uploadChatFile } from '@/chat/server/files'
import { originAllowed } from '@/chat/server/guards'
import { chatHub } from '@/chat/server/hub'
import { newVisitorToken } from '@/chat/server/tokens'
import { visitorAction, visitorStream } from '@/chat/server/visitor'
import type { ChatEventView } from '@/chat/types'
import { seedIfEmpty } from '@/cms/seed'
import { CONTACT_FORM_ID } from '@/cms/seed/content/forms'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
let agentToken: string
const SITE = 'http://site.test'

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await seedIfEmpty(payload)
  await payload.create({
    collection: 'users',
    data: { email: 'agent@example.com', password: 'a-long-test-password', roles: ['agent'], name: 'Ada Agent' },
  })
  await payload.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'a-long-test-password', roles: ['editor'] },
  })
  const login = await payload.login({
    collection: 'users',
    data: { email: 'agent@example.com', password: 'a-long-test-password' },
  })
  agentToken = login.token!
})
afterAll(() => cleanup?.())

const visitorHeaders = (token: string, extra: Record<string, string> = {}) => ({
  cookie: `${CHAT_VISITOR_COOKIE}=${token}`,
  host: 'site.test',
  origin: SITE,
  'content-type': 'application/json',
  ...extra,
})

const visitorPost = (token: string, body: unknown, extra: Record<string, string> = {}) =>
  visitorAction(
    new Request(`${SITE}/api/chat/visitor`, {
      method: 'POST',
      headers: visitorHeaders(token, extra),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    payload,
  )

const agentPost = (body: unknown, token = agentToken) =>
  agentAction(
    new Request(`${SITE}/api/chat/agent`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, host: 'site.test', origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    payload,
  )

/** Reads SSE frames from a stream response until `until` says stop. */
async function readFrames(
  response: Response,
  until: (frames: { name: string; id?: number; data: unknown }[]) => boolean,
) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const frames: { name: string; id?: number; data: unknown }[] = []
  let buffer = ''
  while (!until(frames)) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value)
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const lines = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':') && line.includes(': '))
          .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
      )
      if (lines.event)
        frames.push({ name: lines.event, id: lines.id ? Number(lines.id) : undefined, data: JSON.parse(lines.data) })
    }
  }
  await reader.cancel()
  return frames
}

const chatEvents = (frames: { name: string; data: unknown }[]) =>
  frames.filter((frame) => frame.name === 'chat').map((frame) => frame.data as ChatEventView)

describe('visitor conversation', () => {
  it('stores a visitor message and queues the visitor', async () => {
    const token = newVisitorToken()
    const response = await visitorPost(token, { action: 'message', text: 'Hello, is a title search possible?' })
    expect(response.status).toBe(200)
    const { event } = await response.json()
    expect(event).toMatchObject({
      type: 'message',
      author: { type: 'customer' },
      text: 'Hello, is a title search possible?',
    })
    const { docs } = await payload.find({
      collection: 'chat-conversations',
      where: { id: { equals: event.conversationId } },
    })
    expect(docs[0].status).toBe('queued')
  })

  it('replays missed events after Last-Event-ID once each, in order', async () => {
    const token = newVisitorToken()
    const ids: number[] = []
    for (const text of ['one', 'two', 'three']) {
      ids.push((await (await visitorPost(token, { action: 'message', text })).json()).event.id)
    }
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, {
        headers: { ...visitorHeaders(token), 'last-event-id': String(ids[0]) },
      }),
      payload,
    )
    const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
    expect(chatEvents(frames).map((event) => event.text)).toEqual(['two', 'three'])
  })

  it('keeps HTML in a message as plain text', async () => {
    const token = newVisitorToken()
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const { event } = await (await visitorPost(token, { action: 'message', text: html })).json()
    expect(event.text).toBe(html)
  })

  it(`refuses a message over ${CHAT_MESSAGE_MAX_CHARS} characters with 413 and stores nothing`, async () => {
    const token = newVisitorToken()
    const response = await visitorPost(token, { action: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) })
    expect(response.status).toBe(413)
    const count = await payload.count({ collection: 'chat-events', where: { text: { like: 'xxxxxxxxxx' } } })
    expect(count.totalDocs).toBe(0)
  })

  it('answers malformed JSON, unknown actions and empty messages with 400', async () => {
    const token = newVisitorToken()
    expect((await visitorPost(token, '{not json')).status).toBe(400)
    expect((await visitorPost(token, '[1,2]')).status).toBe(400)
    expect((await visitorPost(token, { action: 'drop_tables' })).status).toBe(400)
    expect((await visitorPost(token, { action: 'message', text: '   ' })).status).toBe(400)
    expect((await visitorPost(token, { action: 'message', type: 'system', text: 'I am the system' })).status).toBe(400)
  })

  it('answers a flood of posts with 429 once the allowance is spent', async () => {
    const token = newVisitorToken()
    const statuses: number[] = []
    for (let i = 0; i < CHAT_POST_LIMIT + 3; i++)
      statuses.push((await visitorPost(token, { action: 'typing', typing: true })).status)
    expect(statuses.slice(0, CHAT_POST_LIMIT).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(CHAT_POST_LIMIT)).toEqual([429, 429, 429])
    const refused = await visitorPost(token, { action: 'typing', typing: true })
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
  })

  it('refuses posts and streams from a foreign origin', async () => {
    const token = newVisitorToken()
    expect((await visitorPost(token, { action: 'typing' }, { origin: 'https://evil.example' })).status).toBe(403)
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token, { origin: 'https://evil.example' }) }),
      payload,
    )
    expect(stream.status).toBe(403)
  })

  it('shows a visitor only their own conversation', async () => {
    const alice = newVisitorToken()
    const mallory = newVisitorToken()
    await visitorPost(alice, { action: 'message', text: 'alice private message' })
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(mallory) }),
      payload,
    )
    const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
    expect(chatEvents(frames)).toEqual([])
    await expect(payload.find({ collection: 'chat-events', overrideAccess: false })).rejects.toThrow(/not allowed/i)
  })

  it('answers an offline_message post with 400 like any unknown action, and creates no submission', async () => {
    const before = (await payload.count({ collection: 'form-submissions' })).totalDocs
    const response = await visitorPost(newVisitorToken(), {
      action: 'offline_message',
      name: 'Olive',
      email: 'olive@example.com',
      message: 'Please call me about a deed.',
      page: 'javascript:alert(1)',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Unknown chat action.')
    expect((await payload.count({ collection: 'form-submissions' })).totalDocs).toBe(before)
  })
})

describe('agent console server', () => {
  it('refuses anonymous and non-agent users', async () => {
    const anonymous = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, { headers: { host: 'site.test' } }),
      payload,
    )
    expect(anonymous.status).toBe(401)
    const editor = await payload.login({
      collection: 'users',
      data: { email: 'editor@example.com', password: 'a-long-test-password' },
    })
    expect((await agentPost({ action: 'presence', presence: 'online' }, editor.token!)).status).toBe(403)
  })

  it('invites, accepts from the queue, exchanges rich messages and ends the chat', async () => {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'start', name: 'Vera', email: 'vera@example.com' })
    const conversation = (await payload.find({ collection: 'chat-conversations', where: { name: { equals: 'Vera' } } }))
      .docs[0]
    expect(conversation.status).toBe('queued')
    expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(200)
    expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(409)
    const rich = await agentPost({
      action: 'message',
      conversationId: conversation.id,
      type: 'rich_message',
      text: 'Which county?',
      buttons: ['Franklin', 'Cuyahoga'],
    })
    expect((await rich.json()).event).toMatchObject({ type: 'rich_message', buttons: ['Franklin', 'Cuyahoga'] })
    expect((await agentPost({ action: 'end', conversationId: conversation.id })).status).toBe(200)
    const after = await payload.findByID({ collection: 'chat-conversations', id: conversation.id })
    expect(after.status).toBe('browsing')
  })

  it('counts an agent online only while their stream is open', async () => {
    const controller = new AbortController()
    const stream = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, {
        headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
        signal: controller.signal,
      }),
      payload,
    )
    expect(chatHub().availability()).toBe('online')
    await readFrames(stream, (frames) => frames.some((frame) => frame.name === 'synced'))
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(chatHub().availability()).toBe('offline')
  })
})

describe('chat files', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

  async function startedVisitor() {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'start', name: 'Fay', email: 'fay@example.com' })
    return token
  }
  const upload = (token: string, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return uploadChatFile(
      new Request(`${SITE}/api/chat/files`, {
        method: 'POST',
        headers: { cookie: `${CHAT_VISITOR_COOKIE}=${token}`, host: 'site.test' },
        body: form,
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

describe('chat configuration lookup', () => {
  const setChat = (chat: Record<string, unknown>) =>
    payload.updateGlobal({ slug: 'site-settings', data: { chat } as never, depth: 0 })
  const answer = async () => (await builtinChatConfig(payload)).json()
  /** The chat in force also carries the contact form, for messages while no agent is online. */
  const withOfflineForm = (state: Record<string, unknown>) => ({
    ...state,
    offlineForm: { form: expect.objectContaining({ id: CONTACT_FORM_ID }), captcha: expect.anything() },
  })

  it('answers the product and licence state from site settings, the same on every call', async () => {
    try {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: null })
      const answers = await Promise.all(Array.from({ length: 5 }, answer))
      expect(answers).toEqual(Array(5).fill(withOfflineForm({ defaultWidget: 'chat', error: null })))
      // Only what the renderer reads: never the form's mail settings.
      expect(Object.keys(answers[0].offlineForm.form).sort()).toEqual(['fields', 'id', 'submitLabel', 'successMessage'])

      await setChat({ provider: 'builtin', defaultWidget: 'contact-form' })
      expect(await answer()).toEqual({ defaultWidget: 'contact-form', error: null, offlineForm: null })

      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
      expect(await answer()).toEqual({ defaultWidget: 'chat', error: 'license_expired', offlineForm: null })

      await setChat({ provider: 'livechat', license: '', licenseExpiresAt: null })
      expect(await answer()).toMatchObject({ defaultWidget: 'none', error: 'license_not_found' })
    } finally {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', license: '', licenseExpiresAt: null })
    }
  })

  it('refuses visitor streams and posts while the settings switch the built-in chat off', async () => {
    const refused = async () => {
      const token = newVisitorToken()
      const post = await visitorPost(token, { action: 'typing' })
      const stream = await visitorStream(
        new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token) }),
        payload,
      )
      return [post.status, stream.status]
    }
    try {
      await setChat({ provider: 'builtin', defaultWidget: 'contact-form' })
      expect(await refused()).toEqual([403, 403])
      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
      expect(await refused()).toEqual([403, 403])
      await setChat({ provider: 'livechat', license: '12345678', licenseExpiresAt: null })
      expect(await refused()).toEqual([403, 403])
    } finally {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', license: '', licenseExpiresAt: null })
    }
    const [post] = await refused()
    expect(post).not.toBe(403)
  })

  it('refuses a product value the settings do not offer', async () => {
    await expect(setChat({ provider: 'builtin', defaultWidget: '<script>' })).rejects.toThrow()
    expect(await answer()).toEqual(withOfflineForm({ defaultWidget: 'chat', error: null }))
  })
})

describe('chat rules', () => {
  it('backs off from 500 ms to 5 s and stops after 20 tries', () => {
    expect(reconnectDelay(1)).toBe(CHAT_RECONNECT_MIN_DELAY_MS)
    expect(reconnectDelay(2)).toBe(CHAT_RECONNECT_MIN_DELAY_MS * 2)
    expect(reconnectDelay(CHAT_RECONNECT_MAX_TRIES)).toBe(CHAT_RECONNECT_MAX_DELAY_MS)
    expect(reconnectDelay(CHAT_RECONNECT_MAX_TRIES + 1)).toBeNull()
  })

  it('accepts its own origin and allowed domains, refuses others', () => {
    const headers = (origin: string) => new Headers({ origin, host: 'site.test' })
    expect(originAllowed(headers('http://site.test'), [])).toBe(true)
    expect(originAllowed(headers('https://shop.partner.example'), ['partner.example'])).toBe(true)
    expect(originAllowed(headers('https://partner.example.evil.test'), ['partner.example'])).toBe(false)
    expect(originAllowed(new Headers({ 'sec-fetch-site': 'cross-site' }), [])).toBe(false)
  })

  it('is available only within business hours', () => {
    // 2026-11-23 is a Monday; 15:00 UTC is 10:00 in Ohio, 03:00 UTC is 22:00 on Sunday.
    expect(withinBusinessHours('Mo-Fr 08:30-17:00', new Date('2026-11-23T15:00:00Z'))).toBe(true)
    expect(withinBusinessHours('Mo-Fr 08:30-17:00', new Date('2026-11-23T03:00:00Z'))).toBe(false)
    expect(withinBusinessHours('', new Date('2026-11-23T03:00:00Z'))).toBe(true)
  })
})
