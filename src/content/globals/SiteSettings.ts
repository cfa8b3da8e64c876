import type { Field, GlobalConfig, Tab } from 'payload'
import { anyone, isAdmin } from '@/platform/access'
import { openingHoursField, openingHoursNoteField } from '../fields/openingHours'
import { revalidateEveryPage } from '../revalidate'
import {
  DEFAULT_TITLE_TEMPLATE,
  PAGE_PLACEHOLDER,
  SITE_PLACEHOLDER,
  TITLE_TEMPLATE_MAX_CHARS,
  titleTemplateProblem,
} from '../pageTitle'

/** Header z-index when settings leave it empty (docs/constants.md). */
export const HEADER_Z_INDEX_DEFAULT = 1000

const businessTab: Tab = {
  label: 'Business',
  name: 'business',
  admin: {
    description:
      'The one place for the phone, email, address and opening hours: the footer, pages (“Business detail” in rich text, “Our phone” and “Our email” links), search engines and the chat read them from here.',
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'titleTemplate',
      label: 'Page title pattern',
      type: 'text',
      defaultValue: DEFAULT_TITLE_TEMPLATE,
      maxLength: TITLE_TEMPLATE_MAX_CHARS,
      validate: (value: unknown) => titleTemplateProblem(String(value ?? '').trim()) ?? true,
      admin: {
        description: `How each page's title is made for the browser tab and search results: ${PAGE_PLACEHOLDER} is the page's SEO title (else its title), ${SITE_PLACEHOLDER} the business name above. The home page's title is the business name alone unless it has an SEO title.`,
      },
    },
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
        { name: 'postalCode', label: 'ZIP code', type: 'text' },
      ],
    },
    openingHoursField,
    openingHoursNoteField,
  ],
}

const appearanceTab = (brandFields: Field[]): Tab => ({
  label: 'Appearance',
  name: 'appearance',
  fields: [
    ...brandFields,
    {
      name: 'headerZIndex',
      label: 'Header stacking order (z-index)',
      type: 'number',
      defaultValue: HEADER_Z_INDEX_DEFAULT,
      min: 1,
      max: 100000,
    },
  ],
})

/**
 * The site settings: the site-wide tabs (the business, the appearance) around the tabs each
 * capability owns and hands in, in the order given (payload.config.ts composes them). The brand's
 * fields (logo, colours, fonts) are handed in too, at the top of the appearance tab.
 */
export function siteSettingsGlobal(capabilityTabs: Tab[], brandFields: Field[] = []): GlobalConfig {
  return {
    slug: 'site-settings',
    access: { read: anyone, update: isAdmin },
    // The site adds the hooks that keep the CSP in step with the configured third parties (payload.config.ts).
    hooks: { afterChange: [revalidateEveryPage] },
    fields: [{ type: 'tabs', tabs: [businessTab, ...capabilityTabs, appearanceTab(brandFields)] }],
  }
}
