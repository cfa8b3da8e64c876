/**
 * The two video hosts the site embeds, in their privacy-friendly forms: YouTube's no-cookie domain
 * and Vimeo's player told not to track. The CSP's frame-src lists exactly these (cspSources.ts).
 */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'
export const VIMEO_EMBED_ORIGIN = 'https://player.vimeo.com'

/** What an editor is told when the address is not a YouTube or Vimeo video. */
export const VIDEO_URL_MESSAGE =
  'Enter the address of a YouTube or Vimeo video, such as https://www.youtube.com/watch?v=… or https://vimeo.com/….'

/** A video on one of the two hosts, by its id alone: the page never carries the address the editor typed. */
export type VideoSource = { provider: 'youtube'; id: string } | { provider: 'vimeo'; id: string; hash?: string }

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^\d{1,12}$/
const VIMEO_HASH = /^[0-9a-f]{6,20}$/

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
const YOUTUBE_PATH_PREFIXES = ['embed', 'shorts', 'live', 'v']
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1] ?? null
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null
  const [first, second] = url.pathname.split('/').slice(1)
  if (first === 'watch') return url.searchParams.get('v')
  return YOUTUBE_PATH_PREFIXES.includes(first ?? '') ? (second ?? null) : null
}

/** vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, player.vimeo.com/video/123?h=abcdef */
function vimeoIdAndHash(url: URL): { id: string; hash?: string } | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null
  const segments = url.pathname.split('/').filter(Boolean)
  const at = segments.findIndex((segment) => VIMEO_ID.test(segment))
  if (at < 0) return null
  const hash = segments[at + 1] ?? url.searchParams.get('h') ?? undefined
  return { id: segments[at], ...(hash ? { hash } : {}) }
}

/** The video an address names, or null when it is not a YouTube or Vimeo video address. */
export function parseVideoUrl(input: unknown): VideoSource | null {
  if (typeof input !== 'string') return null
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || url.port) return null
  const youtube = youtubeId(url)
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', id: youtube } : null
  const vimeo = vimeoIdAndHash(url)
  if (!vimeo || (vimeo.hash !== undefined && !VIMEO_HASH.test(vimeo.hash))) return null
  return { provider: 'vimeo', ...vimeo }
}

/** The player's address, built from the id: it starts playing, since only a press of Play loads it. */
export function embedUrl(video: VideoSource): string {
  if (video.provider === 'youtube') return `${YOUTUBE_EMBED_ORIGIN}/embed/${video.id}?autoplay=1&rel=0`
  const hash = video.hash ? `&h=${video.hash}` : ''
  return `${VIMEO_EMBED_ORIGIN}/video/${video.id}?dnt=1&autoplay=1${hash}`
}

/** The video's own page on its host, where the play link leads when scripts do not run. */
export function watchUrl(video: VideoSource): string {
  if (video.provider === 'youtube') return `https://www.youtube.com/watch?v=${video.id}`
  return `https://vimeo.com/${video.id}${video.hash ? `/${video.hash}` : ''}`
}

/** The check of a video address as it is saved: true, or the message the editor sees. */
export function validateVideoUrl(value: unknown): true | string {
  return parseVideoUrl(value) ? true : VIDEO_URL_MESSAGE
}
