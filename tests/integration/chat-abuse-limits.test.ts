import { describe, expect, it } from 'vitest'
import {
  CHAT_AGENT_VISITOR_LIST_MAX,
  CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
  CHAT_NEW_VISITORS_PER_ADDRESS,
  CHAT_STREAMS_PER_ADDRESS,
  CHAT_STREAMS_PER_INSTANCE,
  CHAT_VISITOR_COOKIE,
} from '@/chat/constants'
import { agentStream } from '@/chat/server/http/agent'
import { chatHub } from '@/chat/server/live/hub'
import { hashVisitorToken, newVisitorToken } from '@/chat/server/http/tokens'
import { visitorStream } from '@/chat/server/http/visitor'
import type { VisitorListView } from '@/chat/protocol'
import {
  agentToken,
  firstFrame,
  headersFrom,
  newAddress,
  payload,
  setUpChatSuite,
  SITE,
  visitorPostFrom,
} from '../support/chat'

setUpChatSuite()

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
      const response = await visitorPostFrom(crowded, undefined, { action: 'page', page: '/' })
      expect(response.status).toBe(200)
      expect(response.headers.get('set-cookie')).toContain(`${CHAT_VISITOR_COOKIE}=`)
    }
    await expectRefused(await visitorPostFrom(crowded, undefined, { action: 'page', page: '/' }))
    const visitorsBefore = chatHub().visitors.size
    const stream = openStream(crowded)
    await expectRefused(await stream.response)
    expect(chatHub().visitors.size).toBe(visitorsBefore)

    // A visitor who already holds a token this site issued is not a new one ...
    expect((await visitorPostFrom(crowded, newVisitorToken(), { action: 'page', page: '/' })).status).toBe(200)
    // ... but a token the client made up, or one with its signature swapped, is, and is refused.
    const [random] = newVisitorToken().split('.')
    const [, otherSignature] = newVisitorToken().split('.')
    for (const invented of [random, `${random}.${otherSignature}`, 'A'.repeat(43)]) {
      await expectRefused(await visitorPostFrom(crowded, invented, { action: 'page', page: '/' }))
    }
    const elsewhere = await visitorPostFrom(newAddress(), undefined, { action: 'page', page: '/' })
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.headers.get('set-cookie')).toContain(`${CHAT_VISITOR_COOKIE}=`)
  })

  it(`lets one address open at most ${CHAT_NEW_CONVERSATIONS_PER_ADDRESS} conversations, then refuses start, message and identify with 429 and stores none`, async () => {
    const crowded = newAddress()
    const first = newVisitorToken()
    for (let i = 0; i < CHAT_NEW_CONVERSATIONS_PER_ADDRESS; i++) {
      const response = await visitorPostFrom(crowded, i === 0 ? first : newVisitorToken(), { action: 'start' })
      expect(response.status).toBe(200)
    }
    const before = await conversationCount()
    await expectRefused(await visitorPostFrom(crowded, newVisitorToken(), { action: 'start' }))
    await expectRefused(await visitorPostFrom(crowded, newVisitorToken(), { action: 'message', text: 'Hello there' }))
    await expectRefused(await visitorPostFrom(crowded, newVisitorToken(), { action: 'identify', name: 'Flo' }))
    expect(await conversationCount()).toBe(before)

    // A conversation already open goes on; another address may still start one.
    expect((await visitorPostFrom(crowded, first, { action: 'message', text: 'Still here' })).status).toBe(200)
    expect((await visitorPostFrom(newAddress(), newVisitorToken(), { action: 'start' })).status).toBe(200)
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
