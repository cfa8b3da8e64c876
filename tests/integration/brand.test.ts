import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerBrandAsset, answerFontFile, MANIFEST_FILE } from '@/brand/assets'
import { absoluteLogoUrl, brandStylesheet, readBrand } from '@/brand/brand'
import { BRAND_COLOURS } from '@/brand/colours'
import { FONT_FILES_PATH, FONT_PAIRINGS } from '@/brand/fonts'
import { BRAND_IMAGES } from '@/brand/images'
import { logoVersion } from '@/brand/logo'
import { localBusinessJsonLd } from '@/site/structuredData'
import { fieldRefusal as refusal } from '../support/fieldRefusal'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

const business = { name: 'Brand test title', state: 'Ohio' }
const saveAppearance = (appearance: Record<string, unknown>) =>
  payload.updateGlobal({ slug: 'site-settings', data: { business, appearance } as never })
const currentBrand = async () =>
  readBrand(payload, (await payload.findGlobal({ slug: 'site-settings', depth: 0 })).appearance)

/** A wide logo drawn as SVG: 200 × 80 units. */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80">' +
    '<rect width="200" height="80" rx="12" fill="#1f4e79"/><circle cx="40" cy="40" r="24" fill="#ffffff"/></svg>',
)

async function uploadLogo(data: Buffer, name: string, mimetype: string) {
  return payload.create({
    collection: 'media',
    data: { alt: 'Brand test logo' },
    file: { data, mimetype, name, size: data.length },
  })
}

const search = (version: string) => new URLSearchParams({ v: version })

describe('the brand colours an owner sets in Settings → Appearance', () => {
  it('refuse a colour that white text does not reach 4.5:1 on, naming the pair and its ratio, and keep what was saved', async () => {
    await saveAppearance({ primaryColour: '#1f4e79' })
    expect(await refusal(saveAppearance({ primaryColour: '#ff0000' }))).toEqual([
      {
        path: 'appearance.primaryColour',
        message: expect.stringMatching(
          /^White text on the primary colour #ff0000 has a contrast of 3\.99:1; it needs at least 4\.5:1/,
        ),
      },
    ])
    expect(await refusal(saveAppearance({ primaryColour: '#1f4e79', accentColour: '#f0a0a0' }))).toEqual([
      { path: 'appearance.accentColour', message: expect.stringContaining('accent colour #f0a0a0 has a contrast of') },
    ])
    expect((await currentBrand()).colours.primary).toBe('#1f4e79')
  })

  it('refuse what is not a hex colour', async () => {
    expect(await refusal(saveAppearance({ accentColour: 'crimson' }))).toEqual([
      { path: 'appearance.accentColour', message: expect.stringContaining('is not a hex colour') },
    ])
  })

  it('reach the CSS as the properties the theme reads, with darker shades, and leave the default site without any', async () => {
    await saveAppearance({ primaryColour: '#1F4E79', accentColour: '#9a1c24' })
    const css = brandStylesheet(await currentBrand())
    expect(css).toContain(`${BRAND_COLOURS.primary.property}:#1f4e79`)
    expect(css).toContain(`${BRAND_COLOURS.accent.property}:#9a1c24`)
    expect(css).toMatch(new RegExp(`${BRAND_COLOURS.primary.darkProperty}:#[0-9a-f]{6}`))
    await saveAppearance({ primaryColour: '', accentColour: '' })
    expect(brandStylesheet(await currentBrand())).toBe('')
  })
})

describe('the font pairing an owner picks', () => {
  it('starts as today’s fonts, which load nothing', async () => {
    await saveAppearance({})
    expect((await currentBrand()).fontPairing).toBe('classic')
    expect(brandStylesheet(await currentBrand())).toBe('')
  })

  it('names only the chosen pairing’s faces, swapped in, and the site serves those files', async () => {
    await saveAppearance({ fontPairing: 'warm' })
    const css = brandStylesheet(await currentBrand())
    const { heading, text } = FONT_PAIRINGS.warm
    expect(css).toContain(`--font:'${text.family}'`)
    expect(css).toContain(`--font-serif:'${heading.family}'`)
    const files = [...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1])
    expect(new Set(files)).toEqual(new Set([`${FONT_FILES_PATH}${heading.file}`, `${FONT_FILES_PATH}${text.file}`]))
    expect(css.match(/font-display:swap/g)).toHaveLength(2)
    const font = await answerFontFile(text.file)
    expect(font.status).toBe(200)
    expect(font.headers.get('content-type')).toBe('font/woff2')
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2')
    expect((await answerFontFile('../../package.json')).status).toBe(404)
  })

  it('refuses a pairing that is not offered', async () => {
    expect((await refusal(saveAppearance({ fontPairing: 'comic' }))).map((error) => error.path)).toEqual([
      'appearance.fontPairing',
    ])
  })
})

describe('the logo an owner uploads', () => {
  it('makes the favicon, the phone’s icon and the manifest’s icons from it on save', async () => {
    const logo = await uploadLogo(LOGO_SVG, 'brand-logo.svg', 'image/svg+xml')
    await saveAppearance({ logo: logo.id })
    const version = logoVersion(logo)
    for (const name of ['icon-32.png', 'apple-touch-icon.png', 'icon-192.png', 'icon-512.png'] as const) {
      const answer = await answerBrandAsset(payload, name, search(version))
      expect(answer.status, name).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/png')
      expect(answer.headers.get('cache-control')).toContain('immutable')
      const { width, height, format } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata()
      const { size } = BRAND_IMAGES[name]
      expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' })
    }
    const manifest = await (await answerBrandAsset(payload, MANIFEST_FILE, search(version))).json()
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512'])
  })

  it('names the logo in the business’s JSON-LD as an absolute raster address that answers', async () => {
    const logo = await uploadLogo(LOGO_SVG, 'brand-logo-ld.svg', 'image/svg+xml')
    const settings = await saveAppearance({ logo: logo.id })
    const brand = await readBrand(payload, settings.appearance)
    const jsonLd = localBusinessJsonLd(settings, absoluteLogoUrl(brand))
    const address = new URL(String(jsonLd.logo))
    expect(address.pathname).toBe('/brand-assets/logo.png')
    const answer = await answerBrandAsset(payload, 'logo.png', address.searchParams)
    const { height, format } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata()
    expect({ height, format }).toEqual({ height: BRAND_IMAGES['logo.png'].height, format: 'png' })
  })

  it('leaves the site’s own icon and mark when no logo is set: no brand images are served', async () => {
    await saveAppearance({ logo: null })
    expect((await currentBrand()).logo).toBeNull()
    expect(localBusinessJsonLd(await payload.findGlobal({ slug: 'site-settings' }), null).logo).toBeUndefined()
    expect((await answerBrandAsset(payload, 'icon-32.png', new URLSearchParams())).status).toBe(404)
  })

  it('is refused by the library when it is not an image the site takes', async () => {
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')
    await expect(uploadLogo(gif, 'logo.gif', 'image/gif')).rejects.toThrow(/file type|not allowed|invalid/i)
  })
})
