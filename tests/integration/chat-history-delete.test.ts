import { describe, expect, it } from 'vitest'
import { conversationWithEventsAndFile, remainsOf, setUpChatStore } from '../support/chatHistory'

/** The same cascade on each database the site runs on. */
function deleteCascadeSuite(database: 'SQLite' | 'PostgreSQL') {
  describe(`deleting a conversation on ${database}`, () => {
    const chat = setUpChatStore(database)

    it('deletes its events and its files, from the database and from storage', async () => {
      const { conversation, file } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Dora')
      expect(await remainsOf(chat.payload, conversation.id, file.filename!)).toEqual({
        events: 3,
        files: 1,
        onDisk: true,
      })

      await chat.payload.delete({ collection: 'chat-conversations', id: conversation.id })

      expect(
        await chat.payload.findByID({ collection: 'chat-conversations', id: conversation.id, disableErrors: true }),
      ).toBeNull()
      expect(await remainsOf(chat.payload, conversation.id, file.filename!)).toEqual({
        events: 0,
        files: 0,
        onDisk: false,
      })
    })

    it('leaves every other conversation, its events and its files untouched', async () => {
      const gone = await conversationWithEventsAndFile(chat.payload, chat.store, 'Gina')
      const kept = await conversationWithEventsAndFile(chat.payload, chat.store, 'Kurt')

      await chat.payload.delete({ collection: 'chat-conversations', where: { id: { equals: gone.conversation.id } } })

      expect(await remainsOf(chat.payload, kept.conversation.id, kept.file.filename!)).toEqual({
        events: 3,
        files: 1,
        onDisk: true,
      })
    })
  })
}

deleteCascadeSuite('SQLite')
deleteCascadeSuite('PostgreSQL')
