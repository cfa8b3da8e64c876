import type { CollectionAfterReadHook, CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '@/platform/access'
import { adminFileOrigin } from '../media/adminFileOrigin'
import { mediaVersion, versionedMediaUrl } from '../media/fileVersion'
import { precompressUpload, removePrecompressedUpload } from '../media/precompress'
import { MEDIA_DIR } from '@/platform/paths'
import { revalidatePagesShowingIt } from '../revalidate'

/** `/api/media/file/x.webp` from `http://host/api/media/file/x.webp`: pages name files on their own origin. */
export function sameOriginPath(url: string | null | undefined): string | null | undefined {
  if (!url || url.startsWith('/')) return url
  try {
    const parsed = new URL(url)
    return parsed.pathname + parsed.search
  } catch {
    return url
  }
}

/**
 * Payload writes file addresses with SERVER_URL in front; a page reached by any other host name
 * (127.0.0.1, the front's name) would then load its images from elsewhere, which its CSP refuses.
 * A signed-in person's read gets them on the address they are at (adminFileOrigin).
 * Each address also carries the upload's version, so a changed file gets a new address and the
 * old one can be cached for good (src/content/media/fileVersion.ts).
 */
const relativeVersionedFileUrls: CollectionAfterReadHook = ({ doc, req }) => {
  const version = mediaVersion(doc.updatedAt)
  const origin = adminFileOrigin(req)
  const address = (url: string | null | undefined) => {
    const path = versionedMediaUrl(sameOriginPath(url), version)
    return origin && path?.startsWith('/') ? `${origin}${path}` : path
  }
  doc.url = address(doc.url)
  doc.thumbnailURL = address(doc.thumbnailURL)
  for (const size of Object.values((doc.sizes ?? {}) as Record<string, { url?: string | null }>))
    if (size) size.url = address(size.url)
  return doc
}

export const Media: CollectionConfig = {
  slug: 'media',
  admin: { defaultColumns: ['filename', 'alt', 'updatedAt'] },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  hooks: {
    afterRead: [relativeVersionedFileUrls],
    afterChange: [precompressUpload, revalidatePagesShowingIt],
    afterDelete: [removePrecompressedUpload, revalidatePagesShowingIt],
  },
  upload: {
    staticDir: MEDIA_DIR,
    // Videos for the video block; Payload makes the resized variants of images only.
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml', 'video/mp4', 'video/webm'],
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
      label: 'Description of the image (alt text)',
      type: 'text',
      required: true,
      admin: { description: 'What the image shows, for people who cannot see it.' },
    },
  ],
}
