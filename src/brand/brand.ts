import type { Payload } from 'payload'
import type { SiteSetting } from '@/payload-types'
import { absoluteUrl } from '@/platform/siteUrl'
import { BRAND_COLOURS, type BrandColourName, brandColourProblem, darkShade } from './colours'
import { normalHex } from './contrast'
import {
  DEFAULT_FONT_PAIRING,
  fallbackFamily,
  fallbackOverrides,
  FONT_FILES_PATH,
  FONT_PAIRINGS,
  FONTS_SERVED_CLASS,
  FONTS_SERVED_KEY,
  type FontPairingName,
  isFontPairingName,
} from './fonts'
import type { ServedFace } from './fonts'
import { brandImagePath, findLogo, logoVersion } from './logo'

/** The brand as pages draw it: every choice resolved, defaults in place of what is not set. */
export type Brand = {
  logo: { src: string; width: number | null; height: number | null; version: string } | null
  colours: Record<BrandColourName, string>
  fontPairing: FontPairingName
}

type Appearance = NonNullable<SiteSetting['appearance']>

export const DEFAULT_BRAND: Brand = {
  logo: null,
  colours: { primary: BRAND_COLOURS.primary.default, accent: BRAND_COLOURS.accent.default },
  fontPairing: DEFAULT_FONT_PAIRING,
}

/** A saved colour, or the default when it is empty or (saved before a rule changed) no longer passes. */
function colourOf(name: BrandColourName, value: string | null | undefined): string {
  if (!value?.trim() || brandColourProblem(name, value)) return BRAND_COLOURS[name].default
  return normalHex(value)
}

/** The brand the settings' appearance tab chose. */
export async function readBrand(payload: Payload, appearance: Appearance | null | undefined): Promise<Brand> {
  const logo = await findLogo(payload, appearance?.logo)
  const src = logo?.url?.startsWith('/') ? logo.url : null
  return {
    logo:
      logo && src ? { src, width: logo.width ?? null, height: logo.height ?? null, version: logoVersion(logo) } : null,
    colours: {
      primary: colourOf('primary', appearance?.primaryColour),
      accent: colourOf('accent', appearance?.accentColour),
    },
    fontPairing: isFontPairingName(appearance?.fontPairing) ? appearance.fontPairing : DEFAULT_FONT_PAIRING,
  }
}

/** The logo as an absolute address of a raster image (mail clients and search engines show no SVG), or null. */
export const absoluteLogoUrl = (brand: Brand): string | null =>
  brand.logo ? absoluteUrl(brandImagePath(brand.logo.version, 'logo.png')) : null

/** Today's stacks, which a served face goes in front of (src/site/styles/global.css). */
const TEXT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const HEADING_STACK = 'Georgia, serif'

/** The served face, and its stand-ins sized like it (local fonts), which the stacks name next. */
const fontFaces = (face: ServedFace) =>
  [
    `@font-face{font-family:'${face.family}';font-style:normal;font-display:swap;font-weight:100 900;` +
      `src:url(${FONT_FILES_PATH}${face.file}) format('woff2-variations'),url(${FONT_FILES_PATH}${face.file}) format('woff2')}`,
    ...face.fallbacks.map((fallback) => {
      const sources = fallback.localNames.map((name) => `local('${name}')`).join(',')
      const overrides = Object.entries(fallbackOverrides(face, fallback)).map(([name, value]) => `${name}:${value}`)
      return `@font-face{font-family:'${fallbackFamily(face, fallback)}';src:${sources};${overrides.join(';')}}`
    }),
  ].join('\n')

/** The served face (unless `served` is false), then its stand-ins in order (the first a visitor's system has is drawn), then `rest`. */
const stack = (face: ServedFace, rest: string, served = true) =>
  [...(served ? [face.family] : []), ...face.fallbacks.map((fallback) => fallbackFamily(face, fallback))]
    .map((family) => `'${family}'`)
    .concat(rest)
    .join(', ')

/**
 * Sets FONTS_SERVED_CLASS at the first idle moment after the page has loaded (once every paint
 * the load brought is done: on a page whose largest text is painted just after its load event,
 * files asked for at the event still came before it), and at once, before the first paint, on the
 * next pages of the same session, whose font files then come from the browser's cache. The flag is
 * in sessionStorage, holds nothing about the visitor and ends with the tab.
 */
export const SERVE_FONTS_SCRIPT =
  `(function(){var d=document.documentElement,k='${FONTS_SERVED_KEY}';function s(){d.classList.add('${FONTS_SERVED_CLASS}')}` +
  `try{if(sessionStorage.getItem(k)){s();return}}catch(e){}` +
  `addEventListener('load',function(){(window.requestIdleCallback||setTimeout)(function(){s();try{sessionStorage.setItem(k,'1')}catch(e){}})})})()`

/** Whether the brand's pairing has a face the site serves, so that its pages carry SERVE_FONTS_SCRIPT. */
export const servesFonts = (brand: Brand) => {
  const pairing = FONT_PAIRINGS[brand.fontPairing]
  return pairing.text !== null || pairing.heading !== null
}

/**
 * The CSS that sets the brand over the site's own sheets: the colour properties the theme reads
 * and the chosen pairing's faces. Empty for the default brand, so today's pages stay byte for byte
 * the same. `html:root` outranks the theme's `:root` wherever the sheets end up in the head.
 */
export function brandStylesheet(brand: Brand): string {
  const properties: string[] = []
  for (const name of Object.keys(BRAND_COLOURS) as BrandColourName[]) {
    const hex = brand.colours[name]
    if (hex === BRAND_COLOURS[name].default) continue
    properties.push(
      `${BRAND_COLOURS[name].property}:${hex}`,
      `${BRAND_COLOURS[name].darkProperty}:${darkShade(name, hex)}`,
    )
  }
  const pairing = FONT_PAIRINGS[brand.fontPairing]
  const faces: string[] = []
  const standIns: string[] = []
  for (const [property, face, rest] of [
    ['--font', pairing.text, TEXT_STACK],
    ['--font-serif', pairing.heading, HEADING_STACK],
  ] as const) {
    if (!face) continue
    properties.push(`${property}:${stack(face, rest)}`)
    standIns.push(`${property}:${stack(face, rest, false)}`)
    faces.push(fontFaces(face))
  }
  if (!properties.length) return ''
  const rules = [...faces, `html:root{${properties.join(';')}}`]
  if (standIns.length) rules.push(`html.js:not(.${FONTS_SERVED_CLASS}){${standIns.join(';')}}`)
  return rules.join('\n')
}
