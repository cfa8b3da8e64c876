import type { CollectionConfig } from 'payload'
import { isAdmin } from '@/platform/access'
import { readOnlyJson } from '@/content/fields/readOnlyJson'

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

const nobody = () => false

/** First-party analytics events, written by POST /api/collect only; read by admins and the dashboard. */
export const AnalyticsEvents: CollectionConfig = {
  slug: 'analytics-events',
  admin: {
    group: 'Analytics',
    useAsTitle: 'name',
    defaultColumns: ['name', 'path', 'device', 'ts'],
    description: 'Cookie-free visit counting. Visitor ids are salted hashes valid for one day.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: isAdmin },
  // The dashboard filters every query by day first, then groups by one of these columns.
  indexes: [{ fields: ['day', 'name'] }, { fields: ['day', 'path'] }, { fields: ['day', 'visitor'] }],
  fields: [
    { name: 'name', type: 'text', required: true, index: true },
    { name: 'ts', label: 'Time', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'day', type: 'text', required: true, index: true, admin: { description: 'UTC date, YYYY-MM-DD.' } },
    { name: 'path', type: 'text', required: true },
    {
      name: 'url',
      label: 'Address (emails redacted)',
      type: 'text',
      admin: { description: 'With email-like query values redacted.' },
    },
    { name: 'referrerHost', label: 'Came from (site)', type: 'text', index: true },
    { name: 'device', type: 'select', options: DEVICE_CLASSES.map((value) => ({ label: value, value })) },
    { name: 'visitor', label: 'Visitor (daily hash)', type: 'text', required: true },
    { name: 'session', label: 'Visit', type: 'text', required: true, index: true },
    { name: 'conversion', label: 'Counts as a conversion', type: 'checkbox', defaultValue: false },
    readOnlyJson('props', 'Event details'),
  ],
}

/** One random salt per UTC day for the visitor hash; older ones are deleted, never kept. */
export const AnalyticsSalts: CollectionConfig = {
  slug: 'analytics-salts',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'day', type: 'text', required: true, unique: true },
    { name: 'salt', type: 'text', required: true },
  ],
}
