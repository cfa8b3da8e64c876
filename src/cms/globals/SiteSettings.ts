import type { GlobalConfig, Tab } from 'payload'
import { anyone, isAdmin } from '../access'
import { openingHoursField, openingHoursNoteField } from '../fields/openingHours'
import { revalidateEveryPage } from '../revalidate'

/** Header z-index when settings leave it empty (docs/constants.md). */
export const HEADER_Z_INDEX_DEFAULT = 1000

/** The chat's upkeep when nobody set it: minutes without a message before a chat ends, and after its visitor left before a waiting chat ends. */
export const DEFAULT_IDLE_END_MINUTES = 30
export const DEFAULT_LEFT_QUEUE_MINUTES = 5

export const CHAT_PROVIDERS = ['builtin', 'livechat', 'none'] as const
/** What the site's chat licence shows by default; the widget runs only for `chat`. */
export const CHAT_WIDGET_PRODUCTS = ['chat', 'contact-form'] as const

const businessTab: Tab = {
  label: 'Business',
  name: 'business',
  admin: {
    description:
      'The one place for the phone, email, address and opening hours: the footer, pages (“Business detail” in rich text, “Our phone” and “Our email” links), search engines and the chat read them from here.',
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'tagline', type: 'text' },
    { name: 'state', type: 'text', required: true, defaultValue: 'Ohio' },
    { name: 'phone', type: 'text' },
    { name: 'email', type: 'email' },
    {
      name: 'address',
      type: 'group',
      fields: [
        { name: 'street', type: 'text' },
        { name: 'city', type: 'text' },
        { name: 'region', type: 'text', admin: { description: 'Two-letter state code.' } },
        { name: 'postalCode', type: 'text' },
      ],
    },
    openingHoursField,
    openingHoursNoteField,
  ],
}

/** The built-in chat's and LiveChat's settings. */
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
    { name: 'license', type: 'text', admin: { description: 'LiveChat organization id or licence number.' } },
    { name: 'group', type: 'number', defaultValue: 0 },
    { name: 'region', type: 'text' },
    {
      name: 'defaultWidget',
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
    { name: 'allowedDomains', type: 'array', fields: [{ name: 'domain', type: 'text', required: true }] },
    {
      name: 'licenseExpiresAt',
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

const appearanceTab: Tab = {
  label: 'Appearance',
  name: 'appearance',
  fields: [{ name: 'headerZIndex', type: 'number', defaultValue: HEADER_Z_INDEX_DEFAULT, min: 1, max: 100000 }],
}

/**
 * The site settings: the site-wide tabs (the business, the appearance) around the tabs each
 * capability owns and hands in, in the order given (payload.config.ts composes them).
 */
export function siteSettingsGlobal(capabilityTabs: Tab[]): GlobalConfig {
  return {
    slug: 'site-settings',
    access: { read: anyone, update: isAdmin },
    // The site adds the hooks that keep the CSP in step with the configured third parties (payload.config.ts).
    hooks: { afterChange: [revalidateEveryPage] },
    fields: [{ type: 'tabs', tabs: [businessTab, ...capabilityTabs, appearanceTab] }],
  }
}
