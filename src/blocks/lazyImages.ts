/** Lazy images fade in over this long once loaded (docs/constants.md). */
export const LAZY_IMAGE_FADE_MS = 500

/**
 * Marks each lazy image `is-loaded` when it has loaded (or failed, so that its alt text shows);
 * CSS fades it in over LAZY_IMAGE_FADE_MS. Images are hidden only once scripts run, so without
 * JavaScript they simply appear.
 */
export function attachLazyImages(): () => void {
  const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[data-lazy-fade]:not(.is-loaded)'))
  const reveal = (event: Event) => (event.target as HTMLImageElement).classList.add('is-loaded')
  for (const image of images) {
    if (image.complete) image.classList.add('is-loaded')
    else {
      image.addEventListener('load', reveal, { once: true })
      image.addEventListener('error', reveal, { once: true })
    }
  }
  return () => {
    for (const image of images) {
      image.removeEventListener('load', reveal)
      image.removeEventListener('error', reveal)
    }
  }
}
