import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamMessage } from '@/chat/server/live/bus'
import { ChatHub, type HubOptions } from '@/chat/server/live/hub'
import { createRedisBus } from '@/chat/server/live/redisBus'
import { eventStreamResponse } from '@/chat/server/live/sse'
import { ChatStore } from '@/chat/server/storage/store'
import type { VisitorListView } from '@/chat/protocol'
import { startTestPayload } from '../support/payload'
import { startTempRedis } from '../support/redis'

/** Inside the chat branch's manual port range. */

let payload: Payload
let cleanup: () => Promise<void>
let redis: Awaited<ReturnType<typeof startTempRedis>>
const buses: ReturnType<typeof createRedisBus>[] = []

beforeAll(async () => {
  redis = await startTempRedis()
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(async () => {
  hubs.forEach((hub) => hub.close())
  buses.forEach((bus) => bus.close())
  redis?.stop()
  await cleanup?.()
})

const hubs: ChatHub[] = []
const instance = (options: HubOptions = {}) => {
  const bus = createRedisBus(redis.url)
  buses.push(bus)
  const hub = new ChatHub(bus, options)
  hubs.push(hub)
  return hub
}

/** Every bus so far has its subscription confirmed by Redis (earlier messages would not reach it). */
const subscribed = () => Promise.all(buses.map((bus) => bus.subscribed))

describe('chat between two instances through Redis', () => {
  it('delivers a message stored on one instance to a stream held by the other', async () => {
    const first = instance()
    const second = instance()
    await subscribed()
    const store = new ChatStore(payload, first)
    const conversation = await store.ensureConversation('a'.repeat(64))

    const controller = new AbortController()
    const stream = eventStreamResponse({
      hub: second,
      signal: controller.signal,
      lastEventId: 0,
      replay: async () => [],
      accepts: (message: StreamMessage) => message.kind === 'event',
      opening: async () => [],
    })
    const reader = stream.body!.getReader()
    await store.append(conversation.id, {
      type: 'message',
      author: { type: 'customer', name: 'V' },
      text: 'across instances',
    })
    let text = ''
    while (!text.includes('across instances')) text += new TextDecoder().decode((await reader.read()).value)
    controller.abort()
    expect(text).toMatch(/id: \d+\nevent: chat\ndata: .*"text":"across instances"/)
  })

  it('delivers each message once per instance, in publish order', async () => {
    const sender = instance()
    const receiver = instance()
    await subscribed()
    const received: string[] = []
    receiver.bus.subscribe((message) => message.kind === 'signal' && received.push(String(message.data)))
    for (let i = 0; i < 50; i++) sender.publish({ kind: 'signal', audience: { kind: 'agents' }, name: 'n', data: i })
    await expect.poll(() => received.length).toBe(50)
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => String(i)))
  })
})

/** Signals a stream on `hub` hears, as [name, data] pairs, for the audience it serves. */
function listen(hub: ChatHub, audience: 'agents' | 'visitors') {
  const heard: [string, unknown][] = []
  const controller = new AbortController()
  const stream = eventStreamResponse({
    hub,
    signal: controller.signal,
    lastEventId: 0,
    replay: async () => [],
    accepts: (message: StreamMessage) => message.kind === 'signal' && message.audience.kind === audience,
    opening: async () => [],
  })
  const reader = stream.body!.getReader()
  let text = ''
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      text += new TextDecoder().decode(value)
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const frame = text.slice(0, end)
        text = text.slice(end + 2)
        const name = /^event: (.+)$/m.exec(frame)?.[1]
        const data = /^data: (.+)$/m.exec(frame)?.[1]
        if (name && data) heard.push([name, JSON.parse(data)])
      }
    }
  })()
  return { heard, stop: () => controller.abort() }
}

const lastOf = (heard: [string, unknown][], name: string) => heard.filter(([n]) => n === name).at(-1)?.[1]
const visitorId = (letter: string) => letter.repeat(64)

describe('presence shared between two instances through Redis', () => {
  it('a visitor on one instance sees an agent on the other online, and that agent sees the visitor', async () => {
    const a = instance()
    const b = instance()
    await subscribed()
    const visitorStream = listen(a, 'visitors')
    const agentStream = listen(b, 'agents')
    a.visitorConnected({
      visitorId: visitorId('c'),
      page: '/services',
      status: 'browsing',
      name: '',
      conversationId: null,
    })
    expect(a.availability()).toBe('offline')

    b.agentConnected({ id: 7, name: 'Bea' })
    await expect.poll(() => a.availability()).toBe('online')
    await expect.poll(() => lastOf(visitorStream.heard, 'availability')).toEqual({ availability: 'online' })
    expect(a.agentList()).toEqual([{ id: 7, name: 'Bea', presence: 'online' }])

    await expect.poll(() => b.visitor(visitorId('c'))?.page).toBe('/services')
    await expect
      .poll(() =>
        (lastOf(agentStream.heard, 'visitors') as VisitorListView | undefined)?.visitors.map((v) => v.visitorId),
      )
      .toContain(visitorId('c'))

    // Changes made on the instance without the connection reach the one that has it.
    b.setStatus(41, visitorId('c'), 'chatting')
    await expect.poll(() => b.visitor(visitorId('c'))?.status).toBe('chatting')
    expect(a.visitor(visitorId('c'))).toMatchObject({ status: 'chatting', conversationId: 41 })
    a.setPresence(7, 'away')
    await expect.poll(() => a.availability()).toBe('offline')
    expect(b.agentList()).toEqual([{ id: 7, name: 'Bea', presence: 'away' }])
    await expect.poll(() => lastOf(visitorStream.heard, 'availability')).toEqual({ availability: 'offline' })
    a.setPresence(7, 'online')
    await expect.poll(() => a.availability()).toBe('online')

    // The agent closes the console: offline everywhere; the visitor leaves: gone from the list.
    b.agentDisconnected(7)
    await expect.poll(() => a.availability()).toBe('offline')
    a.visitorDisconnected(visitorId('c'))
    await expect.poll(() => b.visitor(visitorId('c'))).toBeUndefined()
    visitorStream.stop()
    agentStream.stop()
  })

  it('an instance started later learns who is already connected, without waiting for a heartbeat', async () => {
    const early = instance()
    early.agentConnected({ id: 8, name: 'Eli' })
    early.visitorConnected({
      visitorId: visitorId('d'),
      page: '/',
      status: 'browsing',
      name: 'Dee',
      conversationId: null,
    })
    await new Promise((resolve) => setTimeout(resolve, 400)) // the coalesced announcement went out
    const late = instance({ heartbeatMs: 60_000 })
    await expect.poll(() => late.availability(), { timeout: 2000 }).toBe('online')
    expect(late.visitor(visitorId('d'))).toMatchObject({ name: 'Dee' })
    early.agentDisconnected(8)
    early.visitorDisconnected(visitorId('d'))
  })

  it('forgets an instance that stops announcing (it died) after the TTL', async () => {
    const survivor = instance({ heartbeatMs: 100, ttlMs: 400 })
    const bus = createRedisBus(redis.url)
    const doomed = new ChatHub(bus, { heartbeatMs: 100, ttlMs: 400 })
    await subscribed()
    const visitorStream = listen(survivor, 'visitors')
    doomed.agentConnected({ id: 9, name: 'Dot' })
    await expect.poll(() => survivor.availability()).toBe('online')
    // A crash: no goodbye, the connection to Redis just ends.
    bus.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(survivor.availability()).toBe('online')
    await expect.poll(() => survivor.availability(), { timeout: 3000 }).toBe('offline')
    await expect.poll(() => lastOf(visitorStream.heard, 'availability')).toEqual({ availability: 'offline' })
    visitorStream.stop()
    doomed.close()
  })
})
