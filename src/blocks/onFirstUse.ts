import { attachOnFirstUse } from '@/dom/onFirstUse'

/**
 * Page elements whose code only a page holding them loads, when the visitor first reaches for one
 * (pointer or focus; a click before it arrives is held and replayed): the gallery's lightbox and
 * the video player. What every page carries is this finder; a page without them fetches nothing.
 */
export function attachBlocksOnFirstUse(): () => void {
  const each = (selector: string) => Array.from(document.querySelectorAll<HTMLAnchorElement>(selector))
  const detachers = [
    ...each('[data-gallery] .gallery-link').map((link) =>
      attachOnFirstUse(link, () =>
        import('./Gallery/lightbox').then(
          ({ attachLightboxTrigger }) =>
            () =>
              attachLightboxTrigger(link),
        ),
      ),
    ),
    ...each('a.video-play[data-embed]').map((link) =>
      attachOnFirstUse(link, () =>
        import('./Video/player').then(
          ({ attachVideoPlayer }) =>
            () =>
              attachVideoPlayer(link),
        ),
      ),
    ),
  ]
  return () => detachers.forEach((detach) => detach())
}
