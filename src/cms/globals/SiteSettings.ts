import type { Field, GlobalConfig } from 'payload'
import { anyone, isAdmin, isAdminField } from '../access'
import { openingHoursField, openingHoursNoteField } from '../fields/openingHours'
import { revalidateEveryPage } from '../revalidate'

/** Header z-index when settings leave it empty (docs/constants.md). */
export const HEADER_Z_INDEX_DEFAULT = 1000

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'turnstile', 'hcaptcha', 'none'] as const
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
            { name: 'gtmId', type: 'text', admin: { description: 'Google Tag Manager container, GTM-XXXX.' } },
            { name: 'ga4Id', type: 'text', admin: { description: 'GA4 measurement id, G-XXXX.' } },
            { name: 'clarityId', type: 'text' },
            { name: 'hotjarId', type: 'text' },
            {
              name: 'regionHeader',
              type: 'text',
              defaultValue: 'x-visitor-region',
              admin: { description: 'Request header set by the proxy or CDN with the visitor’s region, e.g. US-CA.' },
            },
            {
              name: 'deniedRegions',
              type: 'array',
              admin: { description: 'Regions where consent is denied until the visitor chooses.' },
              fields: [{ name: 'code', type: 'text', required: true }],
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
