import type { CollectionConfig } from 'payload'
import { isAdmin, isChatStaffUser } from '@/platform/access'
import { CHAT_RATINGS } from '../protocol'
import { CONVERSATION_STATUSES } from '../constants'
import { deleteConversationRecords } from './deleteConversationRecords'
import { readOnlyJson } from '@/content/fields/readOnlyJson'

/** Agents and admins read chats; visitors reach only their own, through the chat routes. Only an admin deletes one (retention runs as the system). */
export const isChatStaff = ({ req }: { req: { user?: unknown } }) => isChatStaffUser(req.user)

export const ChatConversations: CollectionConfig = {
  slug: 'chat-conversations',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'agent', 'status', 'createdAt', 'lastMessageAt'],
    listSearchableFields: ['name', 'email'],
    group: 'Chat',
  },
  access: { read: isChatStaff, create: () => false, update: () => false, delete: isAdmin },
  hooks: { beforeDelete: [deleteConversationRecords] },
  fields: [
    {
      name: 'visitorTokenHash',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      // The raw token lives only in the visitor's cookie; this hash finds the conversation.
      access: { read: () => false },
      admin: { hidden: true },
    },
    { name: 'status', type: 'select', defaultValue: 'browsing', options: [...CONVERSATION_STATUSES], index: true },
    { name: 'name', label: 'Visitor', type: 'text' },
    { name: 'email', type: 'email' },
    {
      // Frozen when a chat starts (src/chat/server/conversation/life.ts): an address typed later cannot receive the chat.
      name: 'transcriptEmail',
      label: 'Transcript address',
      type: 'email',
      admin: {
        readOnly: true,
        description:
          'The address the visitor gave before or at the start of the chat: the only one their transcript may go to.',
      },
    },
    readOnlyJson('sessionVariables', 'Details the site passed on'),
    { name: 'currentPage', label: 'Page now open', type: 'text' },
    {
      name: 'agent',
      type: 'relationship',
      relationTo: 'users',
      admin: { description: 'The agent who took the chat.' },
    },
    {
      name: 'startedAt',
      label: 'Chat started',
      type: 'date',
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'lastMessageAt', label: 'Last message', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'endedAt', label: 'Ended', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'transcript',
      type: 'ui',
      admin: { components: { Field: '/chat/admin/TranscriptField#TranscriptField' } },
    },
    // The visitor's one-click rating once the chat has ended (src/chat/server/conversation/life.ts keeps the first).
    {
      name: 'rating',
      type: 'select',
      options: [...CHAT_RATINGS],
      admin: { readOnly: true, description: 'How the visitor rated the chat once it ended.' },
    },
    { name: 'ratedAt', label: 'Rated', type: 'date', admin: { readOnly: true } },
  ],
}
