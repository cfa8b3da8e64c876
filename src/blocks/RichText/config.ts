import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const RichTextBlock: Block = {
  slug: 'richText',
  labels: { singular: 'Rich text', plural: 'Rich text sections' },
  interfaceName: 'RichTextBlock',
  fields: [{ name: 'content', type: 'richText', required: true }, anchorIdField],
}
