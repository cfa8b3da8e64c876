import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus } from '@/chat/server/bus'
import { ChatHub } from '@/chat/server/hub'
import { ChatStore } from '@/chat/server/store'
import { conversationWithEventsAndFile, remainsOf } from '../support/chatHistory'
import { startTestPayload } from '../support/payload'
import { startTempPostgres, type TempPostgres } from '../support/postgres'

/** The same cascade on each database the site runs on. */
function deleteCascadeSuite(database: 'SQLite' | 'PostgreSQL') {
  describe(`deleting a conversation on ${database}`, () => {
    let postgres: TempPostgres | undefined
    let payload: Payload
    let cleanup: () => Promise<void>
    let hub: ChatHub
    let store: ChatStore

    beforeAll(async () => {
      if (database === 'PostgreSQL') postgres = await startTempPostgres()
      ;({ payload, cleanup } = await startTestPayload(postgres?.url))
      hub = new ChatHub(createInProcessBus())
      store = new ChatStore(payload, hub)
    }, 120_000)
    afterAll(async () => {
      hub?.close()
      await cleanup?.()
      postgres?.stop()
    })

    it('deletes its events and its files, from the database and from storage', async () => {
      const { conversation, file } = await conversationWithEventsAndFile(payload, store, 'Dora')
      expect(await remainsOf(payload, conversation.id, file.filename!)).toEqual({ events: 3, files: 1, onDisk: true })

      await payload.delete({ collection: 'chat-conversations', id: conversation.id })

      expect(
        await payload.findByID({ collection: 'chat-conversations', id: conversation.id, disableErrors: true }),
      ).toBeNull()
      expect(await remainsOf(payload, conversation.id, file.filename!)).toEqual({ events: 0, files: 0, onDisk: false })
    })

    it('leaves every other conversation, its events and its files untouched', async () => {
      const gone = await conversationWithEventsAndFile(payload, store, 'Gina')
      const kept = await conversationWithEventsAndFile(payload, store, 'Kurt')

      await payload.delete({ collection: 'chat-conversations', where: { id: { equals: gone.conversation.id } } })

      expect(await remainsOf(payload, kept.conversation.id, kept.file.filename!)).toEqual({
        events: 3,
        files: 1,
        onDisk: true,
      })
    })
  })
}

deleteCascadeSuite('SQLite')
deleteCascadeSuite('PostgreSQL')
