import type { CSSProperties } from 'react'
import type { Media as MediaDoc } from '@/payload-types'
import { LAZY_IMAGE_FADE_MS } from './lazyImages'

/** The page's content column (global.css: --container, less its 20 px padding each side) and where it stops shrinking. */
export const CONTAINER_MAX_PX = 1160
export const CONTAINER_CONTENT_PX = 1120
/** From this width up, blocks lay their parts side by side (the breakpoint of the whole site's CSS). */
export const WIDE_LAYOUT_MIN_PX = 768

/**
 * The `sizes` of an image that takes `share` of the content column from WIDE_LAYOUT_MIN_PX up and
 * the whole width below, where the parts stack.
 */
export function shareOfColumnSizes(share: number): string {
  return `(min-width: ${CONTAINER_MAX_PX}px) ${Math.round(CONTAINER_CONTENT_PX * share)}px, (min-width: ${WIDE_LAYOUT_MIN_PX}px) ${Math.round(100 * share)}vw, 100vw`
}

/** The address of an upload's largest resized variant, else of the file itself (an SVG has no variants). */
export function largestVariantUrl(media: MediaDoc): string | null | undefined {
  const variants = Object.values(media.sizes ?? {}).filter((size) => size?.url && size.width)
  variants.sort((a, b) => (b?.width ?? 0) - (a?.width ?? 0))
  return variants[0]?.url ?? media.url
}

/** The upload's focal point as a CSS position, or null when it is the centre (the browser's own default). */
export function focalPosition(media: Pick<MediaDoc, 'focalX' | 'focalY'>): string | null {
  const x = clampPercent(media.focalX)
  const y = clampPercent(media.focalY)
  return x === 50 && y === 50 ? null : `${x}% ${y}%`
}

const clampPercent = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 50

type Props = {
  media: MediaDoc | number | null | undefined
  sizes: string
  priority?: boolean
  className?: string
  /** Replaces the upload's own description where a block lets the editor say it differently. */
  alt?: string | null
}

/** An uploaded image with its resized WebP variants; lazy unless it is the page's first image. */
export function MediaImage({ media, sizes, priority = false, className, alt }: Props) {
  if (!media || typeof media !== 'object' || !media.url) return null
  const variants = Object.values(media.sizes ?? {}).filter((size): size is { url: string; width: number } =>
    Boolean(size?.url && size.width),
  )
  const srcSet = variants.map((size) => `${size.url} ${size.width}w`).join(', ')
  const style: CSSProperties = {}
  if (!priority) style.transitionDuration = `${LAZY_IMAGE_FADE_MS}ms`
  // Where a cropped image (the hero's 16:9) stays centred: the focal point the editor set on the upload.
  const focus = focalPosition(media)
  if (focus) style.objectPosition = focus
  return (
    // eslint-disable-next-line @next/next/no-img-element -- Payload already made the variants
    <img
      className={className}
      src={media.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt?.trim() || media.alt}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      data-lazy-fade={priority ? undefined : ''}
      style={Object.keys(style).length ? style : undefined}
    />
  )
}
