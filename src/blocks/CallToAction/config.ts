import type { Block } from 'payload'
import { anchorIdField, linkField } from '@/content/fields/link'

export const CallToActionBlock: Block = {
  slug: 'callToAction',
  labels: { singular: 'Call to action', plural: 'Calls to action' },
  interfaceName: 'CallToActionBlock',
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    linkField('link'),
    anchorIdField,
  ],
}
