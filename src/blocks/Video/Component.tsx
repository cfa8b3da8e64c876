import type { Media, VideoBlock as VideoBlockData } from '@/payload-types'
import { MediaImage } from '../Media'
import { embedUrl, parseVideoUrl, watchUrl } from './videoSource'

const POSTER_SIZES = '(min-width: 1160px) 1120px, 100vw'

const upload = (value: number | Media | null | undefined) => (value && typeof value === 'object' ? value : null)

/** The poster: the uploaded image, or a plain panel naming the video (never the host's own thumbnail). */
function Poster({ block }: { block: VideoBlockData }) {
  const poster = upload(block.poster)
  if (poster) return <MediaImage media={poster} alt="" sizes={POSTER_SIZES} className="video-poster" />
  return (
    <span className="video-placeholder" aria-hidden="true">
      {block.title}
    </span>
  )
}

/**
 * A video that costs nothing until it is played. A YouTube or Vimeo video is its poster and a play
 * link to the video's own page (where a visitor without JavaScript goes); with JavaScript a press
 * replaces it with the privacy-friendly player (./player.ts, loaded on first use). An uploaded file
 * is the browser's own player, fetching nothing before Play.
 */
export function VideoBlock({ block }: { block: VideoBlockData }) {
  const file = block.source === 'file' ? upload(block.file) : null
  const video = block.source === 'file' ? null : parseVideoUrl(block.url)
  if (!file && !video) return null
  const poster = upload(block.poster)
  return (
    <div className="container">
      <figure className="video-block">
        <div className="video-frame">
          {file ? (
            <video
              className="video-file"
              controls
              preload="none"
              poster={poster?.url ?? undefined}
              aria-label={block.title}
              src={file.url ?? undefined}
            />
          ) : video ? (
            <a className="video-play" href={watchUrl(video)} data-embed={embedUrl(video)} data-title={block.title}>
              <Poster block={block} />
              <span className="video-play-button">
                <span className="visually-hidden">Play video: {block.title}</span>
              </span>
            </a>
          ) : null}
        </div>
        {block.caption ? <figcaption>{block.caption}</figcaption> : null}
      </figure>
    </div>
  )
}
