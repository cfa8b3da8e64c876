import type { Where } from 'payload'

/** The media library holds images and video files; a field for a picture offers only the images. */
export const ONLY_IMAGES: Where = { mimeType: { contains: 'image/' } }

/** A field for a video file offers only the videos. */
export const ONLY_VIDEOS: Where = { mimeType: { contains: 'video/' } }
