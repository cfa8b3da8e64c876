import type { Tab } from 'payload'

/** The chat's upkeep when nobody set it: minutes without a message before a chat ends, and after its visitor left before a waiting chat ends. */
export const DEFAULT_IDLE_END_MINUTES = 30
export const DEFAULT_LEFT_QUEUE_MINUTES = 5

/** The built-in chat, LiveChat's widget (with a licence), or none. */
export const CHAT_PROVIDERS = ['builtin', 'livechat', 'none'] as const
export type ChatProvider = (typeof CHAT_PROVIDERS)[number]

/** The site settings' tab the chat owns: the built-in chat's and LiveChat's settings. */
export const chatSettingsTab: Tab = {
  label: 'Chat',
  name: 'chat',
  fields: [
    {
      name: 'provider',
      type: 'select',
      defaultValue: 'builtin',
      options: CHAT_PROVIDERS.map((value) => ({ label: value, value })),
    },
    {
      name: 'license',
      label: 'LiveChat licence number',
      type: 'text',
      admin: { description: 'LiveChat organization id or licence number.' },
    },
    { name: 'group', label: 'LiveChat group', type: 'number', defaultValue: 0 },
    { name: 'region', type: 'text' },
    {
      name: 'defaultWidget',
      label: 'Chat widget',
      type: 'select',
      defaultValue: 'chat',
      options: [
        { label: 'Live chat', value: 'chat' },
        { label: 'Contact form only (no chat)', value: 'contact-form' },
      ],
      admin: {
        description:
          'The product the built-in chat’s licence shows. Anything but live chat leaves the widget disabled (“not the chat product”).',
      },
    },
    { name: 'language', type: 'text', defaultValue: 'en' },
    {
      name: 'allowedDomains',
      label: 'Sites that may show the chat',
      type: 'array',
      fields: [{ name: 'domain', type: 'text', required: true }],
    },
    {
      name: 'licenseExpiresAt',
      label: 'Licence expires',
      type: 'date',
      admin: { description: 'When the chat licence ends; after it the widget is disabled.' },
    },
    {
      name: 'retentionDays',
      label: 'Delete conversations after (days)',
      type: 'number',
      min: 0,
      admin: {
        description:
          'Ended conversations, with their messages and files, are deleted this many days after they ended. Empty or 0 keeps them.',
      },
    },
    {
      name: 'idleEndMinutes',
      label: 'End a chat after this many minutes without a message',
      type: 'number',
      min: 0,
      defaultValue: DEFAULT_IDLE_END_MINUTES,
      admin: {
        description: 'A chat in which neither side wrote for this long ends, with a line saying why. 0 never ends one.',
      },
    },
    {
      name: 'leftQueueMinutes',
      label: 'Clear a waiting chat this many minutes after its visitor left',
      type: 'number',
      min: 0,
      defaultValue: DEFAULT_LEFT_QUEUE_MINUTES,
      admin: {
        description:
          'A chat still in the queue whose visitor closed the site is shown as left at once, and ends after this long. 0 keeps it until an agent dismisses it.',
      },
    },
  ],
}
