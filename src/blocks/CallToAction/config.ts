import type { Block } from 'payload'
import { anchorIdField, linkField } from '@/content/fields/link'

export const CallToActionBlock: Block = {
  slug: 'callToAction',
  interfaceName: 'CallToActionBlock',
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    linkField('link'),
    anchorIdField,
  ],
}
