import type { Payload } from 'payload'
import type { Media } from '@/payload-types'

/** The image size a chat shows beside an agent's name (the smallest the media library makes). */
const AGENT_PHOTO_SIZE = 'thumbnail'

/** The address of a media document's small copy, else of its original; null for a file that is not there. */
const photoAddressOf = (media: Media): string | null => media.sizes?.[AGENT_PHOTO_SIZE]?.url || media.url || null

/**
 * The photo visitors see beside an agent's messages: the image the agent's profile names, as an
 * address on this site, or null when the profile has none (or it was deleted from the library).
 */
export async function agentPhotoOf(payload: Payload, photo: number | Media | null | undefined): Promise<string | null> {
  if (photo == null) return null
  if (typeof photo === 'object') return photoAddressOf(photo)
  const media = await payload
    .findByID({ collection: 'media', id: photo, depth: 0, overrideAccess: true, disableErrors: true })
    .catch(() => null)
  return media ? photoAddressOf(media) : null
}
