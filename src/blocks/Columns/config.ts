import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { ONLY_IMAGES } from '@/content/fields/uploadKinds'

export const COLUMNS_MIN = 2
export const COLUMNS_MAX = 3

/** What an editor is told about a column left empty. */
export const EMPTY_COLUMN_MESSAGE = 'Add text, an image or both to each column.'

export const ColumnsBlock: Block = {
  slug: 'columns',
  interfaceName: 'ColumnsBlock',
  labels: { singular: 'Columns', plural: 'Columns sections' },
  fields: [
    { name: 'heading', type: 'text' },
    {
      name: 'columns',
      labels: { singular: 'Column', plural: 'Columns' },
      type: 'array',
      required: true,
      minRows: COLUMNS_MIN,
      maxRows: COLUMNS_MAX,
      admin: { description: `${COLUMNS_MIN} or ${COLUMNS_MAX} columns side by side; on phones they stack.` },
      fields: [
        { name: 'image', type: 'upload', relationTo: 'media', filterOptions: ONLY_IMAGES },
        {
          name: 'content',
          label: 'Text',
          type: 'richText',
          validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
            siblingData?.image || hasWords(value) ? true : EMPTY_COLUMN_MESSAGE,
        },
      ],
    },
    anchorIdField,
  ],
}

/** Whether a rich text value holds any text (an emptied editor keeps an empty paragraph). */
function hasWords(value: unknown): boolean {
  const walk = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false
    const { text, children, root } = node as { text?: unknown; children?: unknown; root?: unknown }
    if (typeof text === 'string' && text.trim()) return true
    return walk(root) || (Array.isArray(children) && children.some(walk))
  }
  return walk(value)
}
