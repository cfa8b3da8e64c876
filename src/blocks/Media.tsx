import type { CSSProperties } from 'react'
import type { Media as MediaDoc } from '@/payload-types'
import { LAZY_IMAGE_FADE_MS } from './lazyImages'

/** The upload's focal point as a CSS position, or null when it is the centre (the browser's own default). */
export function focalPosition(media: Pick<MediaDoc, 'focalX' | 'focalY'>): string | null {
  const x = clampPercent(media.focalX)
  const y = clampPercent(media.focalY)
  return x === 50 && y === 50 ? null : `${x}% ${y}%`
}

const clampPercent = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 50

type Props = { media: MediaDoc | number | null | undefined; sizes: string; priority?: boolean; className?: string }

/** An uploaded image with its resized WebP variants; lazy unless it is the page's first image. */
export function MediaImage({ media, sizes, priority = false, className }: Props) {
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
      alt={media.alt}
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
