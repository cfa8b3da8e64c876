import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { ONLY_IMAGES } from '@/content/fields/uploadKinds'

/** Where an image sits in the content column (half its width at left or right), or across the whole page. */
export const IMAGE_ALIGNMENTS = ['left', 'center', 'right', 'full'] as const
export type ImageAlignment = (typeof IMAGE_ALIGNMENTS)[number]

export const ImageBlock: Block = {
  slug: 'image',
  interfaceName: 'ImageBlock',
  labels: { singular: 'Image', plural: 'Images' },
  fields: [
    { name: 'image', type: 'upload', relationTo: 'media', required: true, filterOptions: ONLY_IMAGES },
    {
      name: 'alt',
      label: 'Description for people who cannot see it (alt text)',
      type: 'text',
      admin: { description: 'Leave empty to use the description saved with the image.' },
    },
    { name: 'caption', type: 'text', admin: { description: 'Shown under the image.' } },
    {
      name: 'alignment',
      label: 'Position',
      type: 'select',
      required: true,
      defaultValue: 'center',
      options: [
        { label: 'Left, half width', value: 'left' },
        { label: 'Centered', value: 'center' },
        { label: 'Right, half width', value: 'right' },
        { label: 'Full width of the page', value: 'full' },
      ],
    },
    anchorIdField,
  ],
}
