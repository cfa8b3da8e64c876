import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const RichTextBlock: Block = {
  slug: 'richText',
  interfaceName: 'RichTextBlock',
  fields: [{ name: 'content', type: 'richText', required: true }, anchorIdField],
}
