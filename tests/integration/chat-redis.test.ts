import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BusMessage } from '@/chat/server/bus'
import { ChatHub } from '@/chat/server/hub'
import { createRedisBus } from '@/chat/server/redisBus'
import { eventStreamResponse } from '@/chat/server/sse'
import { ChatStore } from '@/chat/server/store'
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
  buses.forEach((bus) => bus.close())
  redis?.stop()
  await cleanup?.()
})

const instance = () => {
  const bus = createRedisBus(redis.url)
  buses.push(bus)
  return new ChatHub(bus)
}

describe('chat between two instances through Redis', () => {
  it('delivers a message stored on one instance to a stream held by the other', async () => {
    const first = instance()
    const second = instance()
    await new Promise((resolve) => setTimeout(resolve, 100)) // both subscriptions registered
    const store = new ChatStore(payload, first)
    const conversation = await store.ensureConversation('a'.repeat(64))

    const controller = new AbortController()
    const stream = eventStreamResponse({
      hub: second,
      signal: controller.signal,
      lastEventId: 0,
      replay: async () => [],
      accepts: (message: BusMessage) => message.kind === 'event',
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
    await new Promise((resolve) => setTimeout(resolve, 100))
    const received: string[] = []
    receiver.bus.subscribe((message) => message.kind === 'signal' && received.push(String(message.data)))
    for (let i = 0; i < 50; i++) sender.publish({ kind: 'signal', audience: { kind: 'agents' }, name: 'n', data: i })
    await expect.poll(() => received.length).toBe(50)
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => String(i)))
  })
})
