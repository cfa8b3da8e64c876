import { listen } from '@/dom/dom'
import { followsInPlace } from '@/dom/linkRouter'
import { VIMEO_EMBED_ORIGIN, YOUTUBE_EMBED_ORIGIN } from './videoSource'

/** What the player may do in its frame: play (the visitor pressed Play), go full screen, picture in picture. */
const PLAYER_PERMISSIONS = 'autoplay; encrypted-media; fullscreen; picture-in-picture'

const EMBED_ORIGINS = new Set([YOUTUBE_EMBED_ORIGIN, VIMEO_EMBED_ORIGIN])

/** The player's address the server wrote, if it is one of the two players (the CSP would refuse any other). */
function playerAddress(link: HTMLAnchorElement): string | null {
  try {
    const url = new URL(link.dataset.embed ?? '')
    return EMBED_ORIGINS.has(url.origin) ? url.href : null
  } catch {
    return null
  }
}

/**
 * Replaces a video's poster with its player when Play is pressed (click, Enter or Space): the first
 * request to YouTube or Vimeo is that press. A click that opens a new tab goes to the video's page.
 */
export function attachVideoPlayer(link: HTMLAnchorElement): () => void {
  const address = playerAddress(link)
  if (!address) return () => {}
  const play = (event: Event) => {
    event.preventDefault()
    const frame = document.createElement('iframe')
    frame.className = 'video-player'
    frame.src = address
    frame.title = link.dataset.title ?? ''
    frame.allow = PLAYER_PERMISSIONS
    frame.allowFullscreen = true
    frame.referrerPolicy = 'strict-origin-when-cross-origin'
    link.replaceWith(frame)
    // Keyboard users carry on in the player they asked for.
    frame.focus()
  }
  const removers = [
    listen(link, 'click', (event) => {
      if (followsInPlace(event, link)) play(event)
    }),
    listen(link, 'keydown', (event) => {
      if (event.key === ' ') play(event)
    }),
  ]
  return () => removers.forEach((remove) => remove())
}
