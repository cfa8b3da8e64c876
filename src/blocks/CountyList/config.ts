import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const CountyListBlock: Block = {
  slug: 'countyList',
  labels: { singular: 'County list', plural: 'County lists' },
  interfaceName: 'CountyListBlock',
  fields: [
    { name: 'heading', type: 'text' },
    { name: 'intro', type: 'textarea' },
    {
      name: 'counties',
      type: 'array',
      required: true,
      minRows: 1,
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'seat', type: 'text', admin: { description: 'County seat, where the recorder’s office is.' } },
        { name: 'turnaround', type: 'text' },
      ],
    },
    anchorIdField,
  ],
}
