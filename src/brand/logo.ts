import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { mediaVersion } from '@/content/media/fileVersion'
import { relationId } from '@/content/relationId'
import type { Media } from '@/payload-types'
import { MEDIA_DIR, MEDIA_FOLDER } from '@/platform/paths'
import { uploadObjects } from '@/platform/storage/uploadStorage'
import { type BrandImageName, keptBrandImage, makeBrandImages } from './images'

/** What the brand needs of the logo's media document. */
export type LogoMedia = Pick<
  Media,
  'id' | 'alt' | 'url' | 'width' | 'height' | 'filename' | 'mimeType' | 'updatedAt' | 'prefix' | '_objectKey'
>

/** Names one state of the logo: a new upload or a replaced file gets a new version, so new icon addresses. */
export const logoVersion = (logo: Pick<Media, 'id' | 'updatedAt'>) =>
  `${logo.id}-${mediaVersion(logo.updatedAt) ?? '0'}`

/** Where the site serves the images made from the logo (src/app/(site)/brand-assets/[file]/route.ts). */
export const BRAND_ASSETS_PATH = '/brand-assets/'

/** The address of one made image of this logo version; a version in the address lets caches keep it for good. */
export const brandImagePath = (version: string, name: BrandImageName) =>
  `${BRAND_ASSETS_PATH}${name}?v=${encodeURIComponent(version)}`

/** The logo the settings name, or null when none is set or it was deleted. */
export async function findLogo(payload: Payload, logo: unknown): Promise<LogoMedia | null> {
  const id = relationId<number>(logo)
  if (id === null) return null
  return payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true }).catch(() => null)
}

/** The logo file's bytes, from the uploads folder or the bucket; null when the file is gone. */
export async function readLogoBytes(logo: LogoMedia): Promise<Buffer | null> {
  if (!logo.filename) return null
  const objects = uploadObjects()
  if (objects) return objects.readBytes(objects.keyOf(MEDIA_FOLDER, logo))
  const file = path.join(MEDIA_DIR, path.basename(logo.filename))
  return fs.existsSync(file) ? fs.readFileSync(file) : null
}

/** Makes (once per version) and keeps the icons and raster copy of this logo. */
export async function makeLogoImages(logo: LogoMedia): Promise<boolean> {
  const bytes = await readLogoBytes(logo)
  if (!bytes) return false
  await makeBrandImages(bytes, logoVersion(logo))
  return true
}

/** One made image of the logo, made now if this instance has not made it yet; null when there is no file. */
export async function logoImage(logo: LogoMedia, name: BrandImageName): Promise<Buffer | null> {
  const version = logoVersion(logo)
  const kept = keptBrandImage(version, name)
  if (kept) return kept
  if (!(await makeLogoImages(logo))) return null
  return keptBrandImage(version, name)
}
