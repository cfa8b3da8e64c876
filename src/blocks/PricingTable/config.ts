import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const PricingTableBlock: Block = {
  slug: 'pricingTable',
  labels: { singular: 'Pricing table', plural: 'Pricing tables' },
  interfaceName: 'PricingTableBlock',
  fields: [
    { name: 'heading', type: 'text' },
    {
      name: 'caption',
      type: 'text',
      required: true,
      admin: { description: 'Says what the table lists, for screen readers.' },
    },
    {
      name: 'rows',
      type: 'array',
      required: true,
      minRows: 1,
      fields: [
        { name: 'service', type: 'text', required: true },
        { name: 'includes', type: 'text' },
        { name: 'turnaround', type: 'text' },
        { name: 'price', type: 'text', required: true },
      ],
    },
    { name: 'note', type: 'textarea' },
    anchorIdField,
  ],
}
