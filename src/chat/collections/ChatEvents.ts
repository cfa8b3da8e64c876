import type { CollectionConfig } from 'payload'
import { AUTHOR_TYPES, CHAT_EVENT_TYPES } from '../constants'
import { isChatStaff } from './ChatConversations'
import { readOnlyJson } from '@/content/fields/readOnlyJson'

/** Every event of every chat; the id is the stream position clients resume from. */
export const ChatEvents: CollectionConfig = {
  slug: 'chat-events',
  admin: { defaultColumns: ['conversation', 'type', 'authorName', 'createdAt'], group: 'Chat' },
  access: { read: isChatStaff, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'conversation', type: 'relationship', relationTo: 'chat-conversations', required: true, index: true },
    { name: 'type', label: 'Kind', type: 'select', required: true, options: [...CHAT_EVENT_TYPES] },
    { name: 'authorType', label: 'Written by', type: 'select', required: true, options: [...AUTHOR_TYPES] },
    { name: 'authorName', label: 'Author', type: 'text' },
    { name: 'authorPhoto', label: "Author's photo (address)", type: 'text', admin: { readOnly: true } },
    { name: 'text', type: 'textarea' },
    readOnlyJson('data', 'Event details'),
    { name: 'file', type: 'relationship', relationTo: 'chat-files' },
  ],
}
