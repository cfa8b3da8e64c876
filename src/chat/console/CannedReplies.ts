import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/platform/access'
import { isChatStaff } from '../collections/ChatConversations'
import { CHAT_MESSAGE_MAX_CHARS } from '../constants'

/** Replies agents insert into the console's composer; admins keep the list. */
export const CannedReplies: CollectionConfig = {
  slug: 'chat-canned-replies',
  labels: { singular: 'Saved reply', plural: 'Saved replies' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'text'], group: 'Chat' },
  access: {
    read: isChatStaff,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 80 },
    { name: 'text', type: 'textarea', required: true, maxLength: CHAT_MESSAGE_MAX_CHARS },
  ],
}
