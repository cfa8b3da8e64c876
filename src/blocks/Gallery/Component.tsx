import type { GalleryBlock as GalleryBlockData, Media } from '@/payload-types'
import { largestVariantUrl, MediaImage } from '../Media'

/** Thumbnails: four across the content column from 768 px up, two below. */
const THUMBNAIL_SIZES = '(min-width: 1160px) 280px, (min-width: 768px) 25vw, 50vw'

/** What names the gallery (and its lightbox) when the editor gave it no heading. */
export const GALLERY_DEFAULT_NAME = 'Image gallery'

/**
 * A grid of thumbnails, each a link to its full image: without JavaScript the link opens the image;
 * with it, the lightbox (./lightbox.ts, loaded on first use, src/blocks/onFirstUse.ts) shows it in
 * a dialog. The lightbox reads everything it shows from this markup.
 */
export function GalleryBlock({ block }: { block: GalleryBlockData }) {
  const items = block.images.flatMap((item) =>
    item.image && typeof item.image === 'object' ? [{ ...item, image: item.image as Media }] : [],
  )
  const headingId = block.heading && block.id ? `gallery-${block.id}-heading` : undefined
  return (
    <div className="container">
      {block.heading ? <h2 id={headingId}>{block.heading}</h2> : null}
      <ul
        className="gallery-grid"
        data-gallery={block.heading || GALLERY_DEFAULT_NAME}
        aria-labelledby={headingId}
        aria-label={headingId ? undefined : GALLERY_DEFAULT_NAME}
      >
        {items.map((item, i) => (
          <li key={item.id ?? i} className="gallery-item">
            <figure>
              <a className="gallery-link" href={largestVariantUrl(item.image) ?? undefined}>
                <MediaImage media={item.image} sizes={THUMBNAIL_SIZES} className="gallery-thumb" />
                <span className="visually-hidden"> (view larger)</span>
              </a>
              {item.caption ? <figcaption>{item.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  )
}
