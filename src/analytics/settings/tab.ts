import type { Field, Tab } from 'payload'
import { type TagIdField, tagIdValidation } from './tagIds'

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

const tagIdField = (name: TagIdField, label: string, description: string): Field => ({
  name,
  label,
  type: 'text',
  validate: tagIdValidation(name),
  admin: { description },
})

/** The consent and analytics settings: the first-party collector, the tags, the regions where consent starts denied. */
export const analyticsSettingsTab: Tab = {
  label: 'Analytics and consent',
  name: 'analytics',
  fields: [
    {
      name: 'firstParty',
      label: 'Count visits on this site (first-party, no cookies)',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Built-in, cookie-free visit counting.' },
    },
    tagIdField('gtmId', 'Google Tag Manager ID', 'Google Tag Manager container id, e.g. GTM-5XK2P9Q.'),
    tagIdField('ga4Id', 'Google Analytics 4 measurement ID', 'Google Analytics 4 measurement id, e.g. G-8Q2ZL4M1XY.'),
    tagIdField('clarityId', 'Microsoft Clarity project ID', 'Microsoft Clarity project id, e.g. k2x9m4p7qa.'),
    tagIdField('hotjarId', 'Hotjar site ID', 'Hotjar site id, e.g. 3456789.'),
    {
      name: 'regionHeader',
      label: 'Region header from the proxy',
      type: 'text',
      defaultValue: 'x-visitor-region',
      admin: { description: 'Request header set by the proxy or CDN with the visitor’s region, e.g. US-CA.' },
    },
    {
      name: 'deniedRegions',
      label: 'Regions where consent starts denied',
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
      label: 'Consent banner text',
      type: 'textarea',
      maxLength: 600,
      admin: {
        description:
          'What the consent banner says above its buttons. Empty: the standard text, which names what is used with permission and where the choice can be changed.',
      },
    },
    {
      name: 'tagOrigins',
      label: 'Extra tag addresses allowed',
      type: 'group',
      admin: {
        description:
          'Where each tag service loads from. Leave empty for the service’s own hosts; set to serve tags through a first-party proxy or a test stand-in.',
      },
      fields: [
        {
          name: 'google',
          label: 'Google tags from',
          type: 'text',
          admin: { description: 'Google Tag Manager / gtag.js origin.' },
        },
        {
          name: 'clarity',
          label: 'Microsoft Clarity from',
          type: 'text',
          admin: { description: 'Microsoft Clarity origin.' },
        },
        { name: 'hotjar', label: 'Hotjar from', type: 'text', admin: { description: 'Hotjar origin.' } },
      ],
    },
  ],
}
