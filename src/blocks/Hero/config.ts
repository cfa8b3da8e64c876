import type { Block } from 'payload'
import { anchorIdField, linkField } from '@/content/fields/link'
import { ONLY_IMAGES } from '@/content/fields/uploadKinds'

export const HeroBlock: Block = {
  slug: 'hero',
  interfaceName: 'HeroBlock',
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    { name: 'image', type: 'upload', relationTo: 'media', filterOptions: ONLY_IMAGES },
    { name: 'actions', type: 'array', maxRows: 2, fields: [linkField('link')] },
    anchorIdField,
  ],
}
