import type { JSXConverters } from '@payloadcms/richtext-lexical/react'
import type { Media } from '@/payload-types'
import { MediaImage } from '../Media'

/**
 * Images placed in rich text: lazy, with their resized variants, fading in once loaded. A video file
 * (the media library holds them for the video block) plays in the browser's player, loading nothing
 * before Play.
 */
export const uploadConverters: JSXConverters = {
  upload: ({ node }) => {
    const { relationTo, value } = node as unknown as { relationTo: string; value: Media | number | string }
    if (relationTo !== 'media' || typeof value !== 'object') return null
    if (value.mimeType?.startsWith('video/'))
      return (
        <figure className="rich-text-figure">
          <video controls preload="none" src={value.url ?? undefined} aria-label={value.alt} />
        </figure>
      )
    return (
      <figure className="rich-text-figure">
        <MediaImage media={value} sizes="(min-width: 1200px) 1120px, 100vw" />
      </figure>
    )
  },
}
