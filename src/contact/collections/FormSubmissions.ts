import type { CollectionConfig } from 'payload'
import { exportSubmissionsEndpoint } from '../admin/csvExport'
import { queueDeliveryOnCreate } from '../delivery/queueOnCreate'
import { queueDeliveryOnRelease, releaseSubmissionEndpoint } from '../delivery/release'
import { isAdmin, isContentEditor } from '@/cms/access'

/**
 * `spam`: the honeypot was filled; kept for the record, never delivered.
 * `held`: sent without JavaScript, so without the proof-of-work captcha; delivered only once an
 * editor releases it (see src/contact/delivery/release.ts).
 */
export const DELIVERY_STATUSES = ['queued', 'delivered', 'failed', 'spam', 'held'] as const

const STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  queued: 'queued',
  delivered: 'delivered',
  failed: 'failed',
  spam: 'spam',
  held: 'held for review (no captcha)',
}

export const FormSubmissions: CollectionConfig = {
  slug: 'form-submissions',
  admin: {
    useAsTitle: 'summary',
    defaultColumns: ['summary', 'form', 'deliveryStatus', 'createdAt'],
    listSearchableFields: ['summary', 'pageUrl', 'lastDeliveryError'],
    description: 'Contact requests, newest first, with their delivery status.',
    components: { beforeListTable: ['/contact/admin/ExportCsvLink#ExportCsvLink'] },
  },
  defaultSort: '-createdAt',
  access: {
    read: isContentEditor,
    // Visitors submit through /api/contact, which stores with the server's rights.
    create: () => false,
    update: isAdmin,
    delete: isAdmin,
  },
  endpoints: [exportSubmissionsEndpoint, releaseSubmissionEndpoint],
  hooks: { afterChange: [queueDeliveryOnCreate, queueDeliveryOnRelease] },
  fields: [
    { name: 'form', type: 'relationship', relationTo: 'forms', required: true, index: true },
    {
      name: 'summary',
      type: 'text',
      admin: { readOnly: true, description: 'Who wrote and the start of the message, for the list and search.' },
    },
    {
      name: 'data',
      type: 'array',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'value', type: 'textarea' },
      ],
    },
    {
      name: 'deliveryStatus',
      type: 'select',
      defaultValue: 'queued',
      index: true,
      options: DELIVERY_STATUSES.map((value) => ({ label: STATUS_LABELS[value], value })),
      admin: { position: 'sidebar' },
    },
    {
      name: 'release',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/contact/admin/ReleaseButton#ReleaseButton' },
      },
    },
    { name: 'deliveryAttempts', type: 'number', defaultValue: 0, admin: { position: 'sidebar', readOnly: true } },
    { name: 'lastDeliveryError', type: 'text', admin: { position: 'sidebar', readOnly: true } },
    { name: 'deliveredAt', type: 'date', admin: { position: 'sidebar', readOnly: true } },
    { name: 'confirmationSentAt', type: 'date', admin: { position: 'sidebar', readOnly: true } },
    { name: 'pageUrl', type: 'text', admin: { readOnly: true } },
  ],
}
