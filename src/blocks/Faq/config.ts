import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { notSearchText } from '@/content/fields/searchText'

export const FaqBlock: Block = {
  slug: 'faq',
  interfaceName: 'FaqBlock',
  labels: { singular: 'FAQ accordion', plural: 'FAQ accordions' },
  fields: [
    { name: 'heading', type: 'text' },
    {
      name: 'items',
      type: 'array',
      required: true,
      minRows: 1,
      fields: [
        { name: 'question', type: 'text', required: true },
        { name: 'answer', type: 'textarea', required: true },
        {
          name: 'anchor',
          type: 'text',
          ...notSearchText,
          admin: { description: 'Optional id so that a link to #id opens this question.' },
          validate: (value: unknown) =>
            !value || (typeof value === 'string' && /^[A-Za-z][\w-]*$/.test(value))
              ? true
              : 'Letters, digits and dashes.',
        },
      ],
    },
    anchorIdField,
  ],
}
