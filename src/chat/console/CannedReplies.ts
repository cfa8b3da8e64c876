import type { CollectionConfig } from 'payload'
import { hasRole, isAdmin } from '@/cms/access'
import { CHAT_MESSAGE_MAX_CHARS } from '../constants'

/** Replies agents insert into the console's composer; admins keep the list. */
export const CannedReplies: CollectionConfig = {
  slug: 'chat-canned-replies',
  labels: { singular: 'Saved reply', plural: 'Saved replies' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'text'], group: 'Chat' },
  access: {
    read: ({ req }) => hasRole(req.user as never, 'agent', 'admin'),
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 80 },
    { name: 'text', type: 'textarea', required: true, maxLength: CHAT_MESSAGE_MAX_CHARS },
  ],
}
