import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const StatsBlock: Block = {
  slug: 'stats',
  interfaceName: 'StatsBlock',
  labels: { singular: 'Stats with progress counters', plural: 'Stats' },
  fields: [
    { name: 'heading', type: 'text' },
    {
      name: 'items',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: 6,
      fields: [
        { name: 'label', type: 'text', required: true },
        { name: 'percent', type: 'number', required: true, min: 0, max: 100 },
        { name: 'description', type: 'text' },
      ],
    },
    anchorIdField,
  ],
}
