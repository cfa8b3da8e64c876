import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { CHAT_FILES_FOLDER } from '@/platform/dataFolder.mjs'
import { DATA_DIR } from '@/platform/paths'
import { isAdmin } from '@/platform/access'
import { CHAT_FILE_TYPES } from '../constants'
import { isChatStaff } from './ChatConversations'

export const CHAT_FILES_DIR = path.join(DATA_DIR, CHAT_FILES_FOLDER)

/** Files sent in chats: private, served only to staff and to the conversation's own visitor. */
export const ChatFiles: CollectionConfig = {
  slug: 'chat-files',
  admin: { group: 'Chat' },
  access: { read: isChatStaff, create: () => false, update: () => false, delete: isAdmin },
  upload: {
    staticDir: CHAT_FILES_DIR,
    mimeTypes: [...CHAT_FILE_TYPES],
    filesRequiredOnCreate: true,
    disableLocalStorage: false,
  },
  fields: [
    { name: 'conversation', type: 'relationship', relationTo: 'chat-conversations', required: true, index: true },
  ],
}
