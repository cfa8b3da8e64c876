import type { CollectionConfig, FieldAccess } from 'payload'
import { exportSubmissionsEndpoint, SEARCHED_FIELDS } from '../admin/csvExport'
import { queueDeliveryOnCreate } from '../delivery/queueOnCreate'
import { queueDeliveryOnRelease } from '../delivery/release'
import { ACTION_LABELS, INBOX_ACTIONS } from '../inbox/protocol'
import { inboxActionEndpoints } from '../inbox/endpoints'
import { summariseOnCreate } from '../inbox/summary'
import { isAdmin, isContentEditor } from '@/platform/access'

/**
 * `outbox`: no mail server is set (SMTP_URL), so the email was only written to data/outbox/, not sent.
 * `spam`: the honeypot was filled; kept for the record, never delivered unless an editor says "not spam".
 * `held`: sent without JavaScript, so without the proof-of-work captcha, or while the third-party
 * captcha service could not be asked (`lastDeliveryError` says so); delivered only once an editor
 * releases it. Status changes go through the inbox's actions (src/contact/inbox/actions.ts).
 */
export const DELIVERY_STATUSES = ['queued', 'delivered', 'outbox', 'failed', 'spam', 'held'] as const

const STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  queued: 'queued',
  delivered: 'delivered',
  outbox: 'written to the outbox (no mail server set)',
  failed: 'failed',
  spam: 'spam',
  held: 'held for review (no captcha)',
}

/** What a visitor wrote and what the pipeline recorded: no one changes it through the API or the admin. */
const unchangeable = { create: () => true, update: (() => false) as FieldAccess }

export const FormSubmissions: CollectionConfig = {
  slug: 'form-submissions',
  admin: {
    useAsTitle: 'summary',
    defaultColumns: ['summary', 'form', 'deliveryStatus', 'handledAt', 'createdAt'],
    listSearchableFields: [...SEARCHED_FIELDS],
    description: 'Contact requests, newest first, with their delivery status.',
    components: {
      beforeListTable: [
        '/contact/admin/MailNotSentNotice#MailNotSentNotice',
        '/contact/inbox/InboxViews#InboxViews',
        '/contact/admin/ExportCsvLink#ExportCsvLink',
      ],
    },
  },
  defaultSort: '-createdAt',
  access: {
    read: isContentEditor,
    // Visitors submit through /api/contact, which stores with the server's rights.
    create: () => false,
    // Nothing in a message is edited by hand: the inbox's actions (src/contact/inbox) change it with
    // the server's rights. So the admin shows it read-only, with no Save, date clearing or row handles.
    update: () => false,
    delete: isAdmin,
  },
  endpoints: [exportSubmissionsEndpoint, ...inboxActionEndpoints],
  hooks: { beforeChange: [summariseOnCreate], afterChange: [queueDeliveryOnCreate, queueDeliveryOnRelease] },
  fields: [
    {
      name: 'message',
      type: 'ui',
      admin: { components: { Field: '/contact/inbox/SubmissionMessage#SubmissionMessage' } },
    },
    {
      name: 'form',
      type: 'relationship',
      relationTo: 'forms',
      required: true,
      index: true,
      access: unchangeable,
      admin: { readOnly: true },
    },
    {
      name: 'summary',
      type: 'text',
      access: unchangeable,
      admin: { readOnly: true, description: 'Who wrote and the start of the message, for the list and search.' },
    },
    {
      name: 'data',
      type: 'array',
      access: unchangeable,
      admin: { readOnly: true, hidden: true },
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'value', type: 'textarea' },
      ],
    },
    {
      name: 'deliveryStatus',
      label: 'Delivery',
      type: 'select',
      defaultValue: 'queued',
      index: true,
      access: unchangeable,
      options: DELIVERY_STATUSES.map((value) => ({ label: STATUS_LABELS[value], value })),
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'actions',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/contact/inbox/InboxActions#InboxActions' } },
    },
    {
      name: 'handledAt',
      label: 'Handled',
      type: 'date',
      index: true,
      access: unchangeable,
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'deliveryAttempts',
      label: 'Delivery attempts',
      type: 'number',
      defaultValue: 0,
      access: unchangeable,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'lastDeliveryError',
      label: 'Last delivery error',
      type: 'text',
      access: unchangeable,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'deliveredAt',
      label: 'Delivered',
      type: 'date',
      access: unchangeable,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'confirmationSentAt',
      label: 'Confirmation sent',
      type: 'date',
      access: unchangeable,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'confirmationSkipped',
      type: 'text',
      label: 'Confirmation not sent',
      access: unchangeable,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description:
          'Why the visitor got no confirmation: an hourly allowance was spent. The message itself was delivered as usual.',
      },
    },
    { name: 'pageUrl', label: 'Sent from page', type: 'text', access: unchangeable, admin: { readOnly: true } },
    {
      name: 'history',
      type: 'array',
      access: unchangeable,
      admin: {
        readOnly: true,
        // An appended record: its rows have no order to change, so no drag handles.
        isSortable: false,
        description: 'Every inbox action: what, who, when. Appended, never edited.',
      },
      fields: [
        {
          name: 'action',
          type: 'select',
          required: true,
          options: INBOX_ACTIONS.map((value) => ({ label: ACTION_LABELS[value], value })),
        },
        { name: 'by', label: 'Done by', type: 'text', required: true },
        {
          name: 'at',
          label: 'When',
          type: 'date',
          required: true,
          admin: { date: { pickerAppearance: 'dayAndTime' } },
        },
      ],
    },
  ],
}
