import type { Field, GlobalConfig } from 'payload'
import { anyone, isAdmin, isAdminField } from '../access'
import { openingHoursField, openingHoursNoteField } from '../fields/openingHours'
import { revalidateEveryPage } from '../revalidate'
import { type TagIdField, tagIdValidation } from './tagIds'

/** Header z-index when settings leave it empty (docs/constants.md). */
export const HEADER_Z_INDEX_DEFAULT = 1000

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'turnstile', 'hcaptcha', 'none'] as const
/** The chat's upkeep when nobody set it: minutes without a message before a chat ends, and after its visitor left before a waiting chat ends. */
export const DEFAULT_IDLE_END_MINUTES = 30
export const DEFAULT_LEFT_QUEUE_MINUTES = 5

export const CHAT_PROVIDERS = ['builtin', 'livechat', 'none'] as const
/** What the site's chat licence shows by default; the widget runs only for `chat`. */
export const CHAT_WIDGET_PRODUCTS = ['chat', 'contact-form'] as const

/** A secret only admins may read or change through the API. */
const secret = (name: string, description?: string): Field => ({
  name,
  type: 'text',
  access: { read: isAdminField, update: isAdminField },
  admin: { description },
})

/** Internal addresses (who gets mail, who sends it): read by admins only, and by the site's own code. */
const adminOnly = { read: isAdminField, update: isAdminField }

const emailList = (name: string, description: string): Field => ({
  name,
  type: 'array',
  access: adminOnly,
  admin: { description },
  fields: [{ name: 'email', type: 'email', required: true }],
})

/** More than every country and US state together: a longer list is a mistake, not a policy. */
export const MAX_DENIED_REGIONS = 300
/** A country (ISO 3166-1 alpha-2) or one of its subdivisions (ISO 3166-2), as the region header names them. */
const REGION_CODE = /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/

const normaliseRegions = (codes: unknown[]) => [
  ...new Set(codes.map((code) => (typeof code === 'string' ? code.trim().toUpperCase() : code))),
]

const validateRegions = (value: unknown) => {
  if (value === null || value === undefined) return true
  if (!Array.isArray(value)) return 'Enter region codes such as DE or US-CA.'
  const bad = value.filter((code) => typeof code !== 'string' || !REGION_CODE.test(code))
  return bad.length === 0
    ? true
    : `Not a region code: ${bad.slice(0, 5).map(String).join(', ')}. Use a country (DE) or a country and subdivision (US-CA).`
}

const tagIdField = (name: TagIdField, description: string): Field => ({
  name,
  type: 'text',
  validate: tagIdValidation(name),
  admin: { description },
})

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  access: { read: anyone, update: isAdmin },
  // The site adds the hooks that keep the CSP in step with the configured third parties (payload.config.ts).
  hooks: { afterChange: [revalidateEveryPage] },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
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
        },
        {
          label: 'Contact',
          name: 'contact',
          fields: [
            emailList('recipients', 'Who receives contact-form submissions.'),
            {
              name: 'fromAddress',
              type: 'email',
              access: adminOnly,
              admin: { description: 'Sender of the site’s emails.' },
            },
          ],
        },
        {
          label: 'Captcha',
          name: 'captcha',
          fields: [
            {
              name: 'provider',
              type: 'select',
              defaultValue: 'altcha',
              options: CAPTCHA_PROVIDERS.map((value) => ({ label: value, value })),
            },
            { name: 'siteKey', type: 'text' },
            secret('secretKey'),
            {
              name: 'holdWithoutJavaScript',
              type: 'checkbox',
              defaultValue: true,
              admin: {
                description:
                  'With the self-hosted captcha: keep a message sent by a browser without JavaScript (which cannot solve the check) for review by hand, instead of refusing it. Held messages are not emailed until someone releases them.',
              },
            },
          ],
        },
        {
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
                description:
                  'A chat in which neither side wrote for this long ends, with a line saying why. 0 never ends one.',
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
        },
        {
          label: 'Analytics and consent',
          name: 'analytics',
          fields: [
            {
              name: 'firstParty',
              type: 'checkbox',
              defaultValue: true,
              admin: { description: 'Built-in, cookie-free visit counting.' },
            },
            tagIdField('gtmId', 'Google Tag Manager container id, e.g. GTM-5XK2P9Q.'),
            tagIdField('ga4Id', 'Google Analytics 4 measurement id, e.g. G-8Q2ZL4M1XY.'),
            tagIdField('clarityId', 'Microsoft Clarity project id, e.g. k2x9m4p7qa.'),
            tagIdField('hotjarId', 'Hotjar site id, e.g. 3456789.'),
            {
              name: 'regionHeader',
              type: 'text',
              defaultValue: 'x-visitor-region',
              admin: { description: 'Request header set by the proxy or CDN with the visitor’s region, e.g. US-CA.' },
            },
            {
              name: 'deniedRegions',
              type: 'text',
              hasMany: true,
              maxRows: MAX_DENIED_REGIONS,
              admin: {
                description:
                  'Regions where consent is denied until the visitor chooses: a country code (DE covers all of Germany) or a country and subdivision (US-CA). Type a code and press Enter.',
              },
              hooks: { beforeValidate: [({ value }) => (Array.isArray(value) ? normaliseRegions(value) : value)] },
              validate: validateRegions,
            },
            {
              name: 'bannerText',
              type: 'textarea',
              maxLength: 600,
              admin: {
                description:
                  'What the consent banner says above its buttons. Empty: the standard text, which names what is used with permission and where the choice can be changed.',
              },
            },
            {
              name: 'tagOrigins',
              type: 'group',
              admin: {
                description:
                  'Where each tag service loads from. Leave empty for the service’s own hosts; set to serve tags through a first-party proxy or a test stand-in.',
              },
              fields: [
                { name: 'google', type: 'text', admin: { description: 'Google Tag Manager / gtag.js origin.' } },
                { name: 'clarity', type: 'text', admin: { description: 'Microsoft Clarity origin.' } },
                { name: 'hotjar', type: 'text', admin: { description: 'Hotjar origin.' } },
              ],
            },
          ],
        },
        {
          label: 'Appearance',
          name: 'appearance',
          fields: [{ name: 'headerZIndex', type: 'number', defaultValue: HEADER_Z_INDEX_DEFAULT, min: 1, max: 100000 }],
        },
      ],
    },
  ],
}
