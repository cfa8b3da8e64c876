import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus } from '@/chat/server/live/bus'
import { ChatHub } from '@/chat/server/live/hub'
import { ChatStore } from '@/chat/server/storage/store'
import { startTestPayload } from '../support/payload'
import { postgresDatabase } from '../support/sharedPostgres'

let postgres: Awaited<ReturnType<typeof postgresDatabase>>
let payload: Payload
let cleanup: () => Promise<void>
let hub: ChatHub

beforeAll(async () => {
  postgres = await postgresDatabase()
  ;({ payload, cleanup } = await startTestPayload(postgres.url))
  hub = new ChatHub(createInProcessBus())
}, 120_000)
afterAll(async () => {
  hub?.close()
  await cleanup?.()
  await postgres?.stop()
})

/** Writes in all, and how many are in flight at once: fewer than the pool's 10 connections, one being the reader's. */
const WRITES = 60
const WRITERS_AT_ONCE = 8

const message = (text: string) => ({ type: 'message' as const, author: { type: 'customer' as const, name: 'V' }, text })

describe('chat event order on PostgreSQL', () => {
  it('a newer event becomes visible only after an older one still being written, so resuming after it skips nothing', async () => {
    const store = new ChatStore(payload, hub)
    const conversation = await store.ensureConversation('e'.repeat(64))

    // A slow writer draws its id, then stalls before committing.
    let inserted!: (id: number) => void
    const slowId = new Promise<number>((resolve) => (inserted = resolve))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow = store.withEventOrder(async (req) => {
      const doc = await store.insertEvent(conversation.id, message('slow'), req)
      inserted(doc.id)
      await gate
      return doc
    })
    await slowId

    let fastDone = false
    const fast = store.append(conversation.id, message('fast')).then((view) => {
      fastDone = true
      return view
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    // Nothing newer is visible (or delivered) while the older one is uncommitted.
    expect(fastDone).toBe(false)
    expect(await store.eventsAfter(0, conversation.id)).toEqual([])

    release()
    await slow
    const fastView = await fast
    expect(fastView.id).toBeGreaterThan(await slowId)
    expect((await store.eventsAfter(0, conversation.id)).map((event) => event.text)).toEqual(['slow', 'fast'])
  })

  it('a reader that keeps resuming after the newest id it saw misses none of many concurrent writes', async () => {
    const store = new ChatStore(payload, hub)
    const conversations = await Promise.all(['1', '2', '3'].map((c) => store.ensureConversation(c.repeat(64))))
    const before = await store.eventsAfter(0)
    let position = before.at(-1)?.id ?? 0
    const seen: number[] = []
    let writing = true
    const reader = (async () => {
      while (writing) {
        for (const event of await store.eventsAfter(position)) {
          seen.push(event.id)
          position = Math.max(position, event.id)
        }
      }
    })()
    // Many writers at once, but never more than the pool has connections for beside the reader's:
    // more would only queue for a connection, and on a busy machine a queued one outwaits the
    // pool's one-second connect bound, which is not what this checks.
    const written: Awaited<ReturnType<ChatStore['append']>>[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: WRITERS_AT_ONCE }, async () => {
        for (let i = next++; i < WRITES; i = next++)
          written.push(await store.append(conversations[i % 3].id, message(`n${i}`)))
      }),
    )
    writing = false
    await reader
    for (const event of await store.eventsAfter(position)) seen.push(event.id)
    expect(seen.sort((a, b) => a - b)).toEqual(written.map((event) => event.id).sort((a, b) => a - b))
  })
})
