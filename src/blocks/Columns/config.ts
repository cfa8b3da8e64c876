import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { ONLY_IMAGES } from '@/content/fields/uploadKinds'
import { richTextWords } from '../blockSummary'

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
            siblingData?.image || richTextWords(value) ? true : EMPTY_COLUMN_MESSAGE,
        },
      ],
    },
    anchorIdField,
  ],
}
