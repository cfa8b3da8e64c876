import type { CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '../access'
import { MEDIA_DIR } from '../paths'

export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  upload: {
    staticDir: MEDIA_DIR,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml'],
    imageSizes: [
      { name: 'thumbnail', width: 400, formatOptions: { format: 'webp', options: { quality: 78 } } },
      { name: 'card', width: 800, formatOptions: { format: 'webp', options: { quality: 78 } } },
      { name: 'hero', width: 1600, formatOptions: { format: 'webp', options: { quality: 76 } } },
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      admin: { description: 'What the image shows, for people who cannot see it.' },
    },
  ],
}
