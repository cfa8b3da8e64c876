import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * Before a conversation goes, its events and files go (in the same transaction): the events'
 * conversation is required, so the database refuses to orphan them, and each file's own delete
 * removes it from storage too.
 */
export const deleteConversationRecords: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const byConversation = { conversation: { equals: id } }
  await req.payload.delete({ collection: 'chat-events', where: byConversation, req, overrideAccess: true })
  const files = await req.payload.delete({ collection: 'chat-files', where: byConversation, req, overrideAccess: true })
  if (files.errors.length > 0) {
    throw new Error(
      `Could not delete the files of conversation ${id}: ${files.errors.map((e) => e.message).join('; ')}`,
    )
  }
}
