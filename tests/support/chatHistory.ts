import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import { createInProcessBus } from '@/chat/server/live/bus'
import { ChatHub } from '@/chat/server/live/hub'
import { ChatStore } from '@/chat/server/storage/store'
import { setUpSuitePayload, type SuiteDatabase } from './payload'

export const newVisitorHash = () => randomBytes(32).toString('hex')

/** Where a stored chat file lies on disk. */
export const chatFilePath = (filename: string) => path.join(CHAT_FILES_DIR, filename)

/** A conversation with two messages and a file, stored the way the chat stores them. */
export async function conversationWithEventsAndFile(payload: Payload, store: ChatStore, name: string) {
  const conversation = await store.ensureConversation(newVisitorHash())
  await store.update(conversation.id, { name, email: `${name.toLowerCase()}@example.com` })
  await store.append(conversation.id, { type: 'message', author: { type: 'customer', name }, text: 'I need a search.' })
  const bytes = Buffer.from(`deed of ${name}\n`)
  const file = await payload.create({
    collection: 'chat-files',
    data: { conversation: conversation.id },
    file: { data: bytes, mimetype: 'text/plain', name: `deed-${name.toLowerCase()}.txt`, size: bytes.length },
  })
  await store.append(conversation.id, { type: 'file', author: { type: 'customer', name }, fileId: file.id })
  await store.append(conversation.id, { type: 'message', author: { type: 'agent', name: 'Ada' }, text: 'On it.' })
  return { conversation, file }
}

/** How many events and files of the conversation remain, and whether the file is still on disk. */
export async function remainsOf(payload: Payload, conversationId: number, filename: string) {
  const byConversation = { conversation: { equals: conversationId } }
  const events = await payload.count({ collection: 'chat-events', where: byConversation })
  const files = await payload.count({ collection: 'chat-files', where: byConversation })
  return { events: events.totalDocs, files: files.totalDocs, onDisk: fs.existsSync(chatFilePath(filename)) }
}

/** A suite's chat store and the Payload under it. */
export type ChatStoreSuite = { payload: Payload; store: ChatStore }

/**
 * Registers a suite's own migrated database (a temporary PostgreSQL when asked, else SQLite) with
 * a chat hub and store over it, set before the suite's tests and closed after them.
 */
export function setUpChatStore(database: SuiteDatabase = 'SQLite'): ChatStoreSuite {
  const suite = {} as ChatStoreSuite
  const site = setUpSuitePayload(database)
  let hub: ChatHub | undefined
  beforeAll(() => {
    hub = new ChatHub(createInProcessBus())
    suite.payload = site.payload
    suite.store = new ChatStore(site.payload, hub)
  })
  afterAll(() => hub?.close())
  return suite
}
