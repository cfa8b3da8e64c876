import type { CollectionConfig } from 'payload'
import { isAdmin, isContentEditor } from '../access'

export const DELIVERY_STATUSES = ['queued', 'delivered', 'failed'] as const

export const FormSubmissions: CollectionConfig = {
  slug: 'form-submissions',
  admin: { useAsTitle: 'id', defaultColumns: ['id', 'form', 'deliveryStatus', 'createdAt'] },
  access: {
    read: isContentEditor,
    // Visitors submit through /api/contact, which stores with the server's rights.
    create: () => false,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'form', type: 'relationship', relationTo: 'forms', required: true, index: true },
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
      options: DELIVERY_STATUSES.map((value) => ({ label: value, value })),
      admin: { position: 'sidebar' },
    },
    { name: 'deliveryAttempts', type: 'number', defaultValue: 0, admin: { position: 'sidebar', readOnly: true } },
    { name: 'lastDeliveryError', type: 'text', admin: { position: 'sidebar', readOnly: true } },
    { name: 'deliveredAt', type: 'date', admin: { position: 'sidebar', readOnly: true } },
    { name: 'pageUrl', type: 'text', admin: { readOnly: true } },
  ],
}
