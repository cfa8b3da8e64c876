import type { ThirdPartySources } from '@/security/thirdPartySources'
import { VIMEO_EMBED_ORIGIN, YOUTUBE_EMBED_ORIGIN } from './videoSource'

/**
 * The frames a video block may load once its Play is pressed. Pages are cached and their policy is
 * built without reading them, so the two hosts are allowed site-wide, and nothing else of theirs:
 * the poster is an upload (or none), never the host's thumbnail.
 */
export const VIDEO_CSP_SOURCES: Partial<ThirdPartySources> = { frame: [YOUTUBE_EMBED_ORIGIN, VIMEO_EMBED_ORIGIN] }
