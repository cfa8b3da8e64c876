import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { DATA_DIR } from '@/platform/paths'

/**
 * The images made from the owner's logo with sharp: the browser's and the phone's icons, the web
 * manifest's, and a raster copy of the logo for places that show no SVG (mail clients, search
 * engines' Organization logo). Made when the logo is saved and kept on disk by the logo's version;
 * an instance that lacks them (another server, a cleared folder) makes them on first ask.
 */
export const BRAND_IMAGES = {
  'icon-32.png': { size: 32, background: null },
  // iOS fills a transparent touch icon with black: it gets a white ground.
  'apple-touch-icon.png': { size: 180, background: '#ffffff' },
  'icon-192.png': { size: 192, background: null },
  'icon-512.png': { size: 512, background: null },
  'logo.png': { height: 120, background: null },
} as const

export type BrandImageName = keyof typeof BRAND_IMAGES

export const isBrandImageName = (value: string): value is BrandImageName => Object.hasOwn(BRAND_IMAGES, value)

/** The logo types the site takes: raster images and SVG (never run: shown through <img>, and sent with a sandboxing CSP). */
export const LOGO_MIME_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const

/** Where the made images are kept, one folder per logo version. */
export const BRAND_IMAGES_DIR = path.join(DATA_DIR, 'brand-images')

/** SVG is drawn at the resolution the largest image needs (72 dpi is 1 px per unit), within sharp's limit. */
const SVG_BASE_DENSITY = 72
const MAX_SVG_DENSITY = 2400
const LARGEST_IMAGE_PX = 512
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 }

async function loadLogo(source: Buffer): Promise<sharp.Sharp> {
  const metadata = await sharp(source).metadata()
  if (metadata.format !== 'svg') return sharp(source)
  const smallest = Math.max(1, Math.min(metadata.width ?? 1, metadata.height ?? 1))
  const density = Math.min(MAX_SVG_DENSITY, Math.ceil((SVG_BASE_DENSITY * LARGEST_IMAGE_PX) / smallest))
  return sharp(source, { density })
}

/** One image made from the logo's bytes: a square icon with the logo centred in it, or the logo at a set height. */
export async function renderBrandImage(source: Buffer, name: BrandImageName): Promise<Buffer> {
  const spec = BRAND_IMAGES[name]
  const image = await loadLogo(source)
  const background = spec.background ?? TRANSPARENT
  const sized =
    'size' in spec
      ? image.resize(spec.size, spec.size, { fit: 'contain', background })
      : image.resize({ height: spec.height, withoutEnlargement: false })
  const grounded = spec.background ? sized.flatten({ background: spec.background }) : sized
  return grounded.png().toBuffer()
}

/** The folder of one logo version; the version is our own (`<id>-<base36 time>`), checked before use. */
const VERSION_SHAPE = /^[0-9a-z-]{1,64}$/i

function versionDir(version: string, dir: string): string {
  if (!VERSION_SHAPE.test(version)) throw new Error(`Not a logo version: ${version}`)
  return path.join(dir, version)
}

/** Makes every image of a logo version and keeps them; the folder appears whole or not at all. */
export async function makeBrandImages(source: Buffer, version: string, dir = BRAND_IMAGES_DIR): Promise<void> {
  const target = versionDir(version, dir)
  if (fs.existsSync(target)) return
  const staging = `${target}.${process.pid}.${Date.now()}.tmp`
  fs.mkdirSync(staging, { recursive: true })
  try {
    for (const name of Object.keys(BRAND_IMAGES) as BrandImageName[])
      fs.writeFileSync(path.join(staging, name), await renderBrandImage(source, name))
    fs.renameSync(staging, target)
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    // Another request made the same version meanwhile: theirs is as good.
    if (!fs.existsSync(target)) throw error
  }
}

/** A kept image, or null when this version was not made here yet. */
export function keptBrandImage(version: string, name: BrandImageName, dir = BRAND_IMAGES_DIR): Buffer | null {
  const file = path.join(versionDir(version, dir), name)
  return fs.existsSync(file) ? fs.readFileSync(file) : null
}
