import { describe, expect, it } from 'vitest'
import type { ChatEventView } from '../../protocol'
import { createInProcessBus } from './bus'
import { ChatHub } from './hub'
import { eventStreamResponse } from './sse'

const CONVERSATION = 7

const chatEvent = (id: number): ChatEventView => ({
  id,
  conversationId: CONVERSATION,
  type: 'message',
  author: { type: 'customer', name: 'Visitor' },
  timestamp: new Date(0).toISOString(),
  text: `message ${id}`,
})

/** Reads SSE frames off a response until `count` chat events have arrived; returns their ids. */
async function chatEventIds(response: Response, count: number): Promise<number[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  const ids = () => [...text.matchAll(/^id: (\d+)\nevent: chat$/gm)].map((match) => Number(match[1]))
  while (ids().length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += value
  }
  await reader.cancel()
  return ids()
}

describe('chat event stream', () => {
  it('sends an older event published late before the newer live one, and never twice', async () => {
    const hub = new ChatHub(createInProcessBus())
    // What the store holds: events 1 to 3 are committed; only 1 existed when the stream opened.
    const stored = [chatEvent(1)]
    const controller = new AbortController()
    const response = eventStreamResponse({
      hub,
      signal: controller.signal,
      lastEventId: 0,
      replay: async (afterId) => stored.filter((event) => event.id > afterId),
      accepts: (message) => message.kind === 'event' && message.event.conversationId === CONVERSATION,
      opening: async () => [],
    })
    const received = chatEventIds(response, 4)
    await new Promise((resolve) => setTimeout(resolve, 20))
    stored.push(chatEvent(2), chatEvent(3))
    // Another instance's newer event reaches the bus before the older one.
    hub.publish({ kind: 'event', event: chatEvent(3) })
    hub.publish({ kind: 'event', event: chatEvent(2) })
    await new Promise((resolve) => setTimeout(resolve, 20))
    stored.push(chatEvent(4))
    hub.publish({ kind: 'event', event: chatEvent(4) })
    expect(await received).toEqual([1, 2, 3, 4])
    controller.abort()
    hub.close()
  })
})
