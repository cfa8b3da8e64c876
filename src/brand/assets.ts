import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { MEDIA_CACHE_CONTROL, MEDIA_VERSION_PARAM } from '@/content/media/fileVersion'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { readBrand } from './brand'
import { SERVED_FACES } from './fonts'
import { BRAND_IMAGES, isBrandImageName } from './images'
import { brandImagePath, findLogo, logoImage, logoVersion } from './logo'

export const MANIFEST_FILE = 'manifest.webmanifest'

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** A versioned address names one logo for good; any other may show another logo tomorrow. */
const cacheControl = (asked: string | null, current: string) =>
  asked === current ? MEDIA_CACHE_CONTROL.versioned : MEDIA_CACHE_CONTROL.unversioned

/**
 * Answers `/brand-assets/<file>`: an image made from the current logo, or the web manifest naming
 * its icons. 404 when no logo is set (the pages then name none of these).
 */
export async function answerBrandAsset(payload: Payload, file: string, search: URLSearchParams): Promise<Response> {
  if (file !== MANIFEST_FILE && !isBrandImageName(file)) return notFound()
  const settings = await readSiteSettings(payload)
  const logo = await findLogo(payload, settings.appearance?.logo)
  if (!logo) return notFound()
  const version = logoVersion(logo)
  const headers = { 'Cache-Control': cacheControl(search.get(MEDIA_VERSION_PARAM), version) }
  if (file === MANIFEST_FILE) {
    const brand = await readBrand(payload, settings.appearance)
    const manifest = {
      name: settings.business.name,
      short_name: settings.business.name,
      start_url: '/',
      display: 'browser',
      theme_color: brand.colours.primary,
      background_color: '#ffffff',
      icons: (['icon-192.png', 'icon-512.png'] as const).map((name) => {
        const { size } = BRAND_IMAGES[name]
        return { src: brandImagePath(version, name), sizes: `${size}x${size}`, type: 'image/png' }
      }),
    }
    return new Response(JSON.stringify(manifest), {
      headers: { ...headers, 'Content-Type': 'application/manifest+json' },
    })
  }
  const image = await logoImage(logo, file)
  if (!image) return notFound()
  return new Response(new Uint8Array(image), { headers: { ...headers, 'Content-Type': 'image/png' } })
}

/** The installed font packages (the pinned @fontsource-variable ones). */
const PACKAGES_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules')

/** Answers `/brand-assets/fonts/<file>`: one of the pairings' font files, and nothing else. */
export async function answerFontFile(file: string): Promise<Response> {
  const face = SERVED_FACES.get(file)
  if (!face) return notFound()
  const bytes = await fs.promises
    .readFile(path.join(PACKAGES_DIR, face.packageName, 'files', face.file))
    .catch(() => null)
  if (!bytes) return notFound()
  // The packages are pinned: a file's name and bytes change only with a new release of the site.
  return new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': 'font/woff2', 'Cache-Control': MEDIA_CACHE_CONTROL.versioned },
  })
}
