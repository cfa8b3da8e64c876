import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { ONLY_IMAGES } from '@/content/fields/uploadKinds'

/** A gallery shows at least two images (one is an image block) and at most a screenful of rows. */
export const GALLERY_MIN_IMAGES = 2
export const GALLERY_MAX_IMAGES = 24

export const GalleryBlock: Block = {
  slug: 'gallery',
  interfaceName: 'GalleryBlock',
  labels: { singular: 'Image gallery', plural: 'Image galleries' },
  fields: [
    { name: 'heading', type: 'text' },
    {
      name: 'images',
      label: 'Images, in the order shown',
      labels: { singular: 'Image', plural: 'Images' },
      type: 'array',
      required: true,
      minRows: GALLERY_MIN_IMAGES,
      maxRows: GALLERY_MAX_IMAGES,
      admin: {
        description: `From ${GALLERY_MIN_IMAGES} to ${GALLERY_MAX_IMAGES} images; a click shows each one large.`,
      },
      fields: [
        { name: 'image', type: 'upload', relationTo: 'media', required: true, filterOptions: ONLY_IMAGES },
        { name: 'caption', type: 'text' },
      ],
    },
    anchorIdField,
  ],
}
