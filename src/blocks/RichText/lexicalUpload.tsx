import type { JSXConverters } from '@payloadcms/richtext-lexical/react'
import type { Media } from '@/payload-types'
import { MediaImage } from '../Media'

/** Images placed in rich text: lazy, with their resized variants, fading in once loaded. */
export const uploadConverters: JSXConverters = {
  upload: ({ node }) => {
    const { relationTo, value } = node as unknown as { relationTo: string; value: Media | number | string }
    if (relationTo !== 'media' || typeof value !== 'object') return null
    return (
      <figure className="rich-text-figure">
        <MediaImage media={value} sizes="(min-width: 1200px) 1120px, 100vw" />
      </figure>
    )
  },
}
