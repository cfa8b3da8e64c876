import type { ImageBlock as ImageBlockData } from '@/payload-types'
import { CONTAINER_CONTENT_PX, CONTAINER_MAX_PX, MediaImage, shareOfColumnSizes } from '../Media'
import type { ImageAlignment } from './config'

/** A left or right image takes half the column (CSS: .image-block--left). */
const HALF = 0.5

/** The width the image takes at each alignment, for the browser to pick a variant before layout. */
export const IMAGE_SIZES: Record<ImageAlignment, string> = {
  full: '100vw',
  center: `(min-width: ${CONTAINER_MAX_PX}px) ${CONTAINER_CONTENT_PX}px, 100vw`,
  left: shareOfColumnSizes(HALF),
  right: shareOfColumnSizes(HALF),
}

/** One uploaded image with its caption; eager only when it opens the page, lazy below the fold. */
export function ImageBlock({ block, isFirst }: { block: ImageBlockData; isFirst: boolean }) {
  if (!block.image || typeof block.image !== 'object') return null
  const alignment = block.alignment ?? 'center'
  const figure = (
    <figure className={`image-block image-block--${alignment}`}>
      <MediaImage media={block.image} alt={block.alt} sizes={IMAGE_SIZES[alignment]} priority={isFirst} />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  )
  return alignment === 'full' ? figure : <div className="container">{figure}</div>
}
