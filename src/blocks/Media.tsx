import type { Media as MediaDoc } from '@/payload-types'
import { LAZY_IMAGE_FADE_MS } from './lazyImages'

type Props = { media: MediaDoc | number | null | undefined; sizes: string; priority?: boolean; className?: string }

/** An uploaded image with its resized WebP variants; lazy unless it is the page's first image. */
export function MediaImage({ media, sizes, priority = false, className }: Props) {
  if (!media || typeof media !== 'object' || !media.url) return null
  const variants = Object.values(media.sizes ?? {}).filter((size): size is { url: string; width: number } =>
    Boolean(size?.url && size.width),
  )
  const srcSet = variants.map((size) => `${size.url} ${size.width}w`).join(', ')
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
      style={priority ? undefined : { transitionDuration: `${LAZY_IMAGE_FADE_MS}ms` }}
    />
  )
}
