import type { Block } from 'payload'
import { anchorIdField, linkField } from '@/content/fields/link'

export const HeroBlock: Block = {
  slug: 'hero',
  interfaceName: 'HeroBlock',
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    { name: 'image', type: 'upload', relationTo: 'media' },
    { name: 'actions', type: 'array', maxRows: 2, fields: [linkField('link')] },
    anchorIdField,
  ],
}
