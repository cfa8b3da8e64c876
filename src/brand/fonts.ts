/**
 * The font pairings an owner may choose (Settings → Appearance): a heading face and a text face,
 * each served from this site (the pinned @fontsource-variable packages), Latin only, one variable
 * file per face. `classic` is today's look: Georgia and the system's own font, nothing to load.
 */

/** A font's vertical metrics and average Latin glyph width, in its own units (from the font's tables). */
export type FaceMetrics = { unitsPerEm: number; ascent: number; descent: number; lineGap: number; xWidthAvg: number }

/**
 * A face the site serves itself: the file of the package's Latin subset, every weight in one file,
 * and the local fonts drawn in its place until it arrives, each sized to take the same room: the
 * first of them a visitor's system has is used.
 */
export type ServedFace = {
  family: string
  packageName: string
  file: string
  metrics: FaceMetrics
  fallbacks: readonly LocalFallback[]
}

/**
 * A font many systems have, to stand in for a served face while it loads: its name in the stand-in's
 * family, the names `local()` finds it by (full and PostScript names, and fonts drawn with the same
 * widths and heights), and its metrics.
 */
export type LocalFallback = { name: string; localNames: readonly string[]; metrics: FaceMetrics }

// Widths are on one scale: the average Latin glyph width by English letter frequency, spaces
// included. Arial's and Times New Roman's are the reference; the others are theirs times the
// ratio of the two fonts' averages computed alike from the font files (Liberation Sans and
// Liberation Serif carry Arial's and Times New Roman's widths and heights, so they stand for them).

/** Windows and macOS; Liberation Sans (most Linux systems) and Arimo (ChromeOS) have its metrics. */
const ARIAL: LocalFallback = {
  name: 'Arial',
  localNames: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 },
}
/** Android's own sans-serif. */
const ROBOTO: LocalFallback = {
  name: 'Roboto',
  localNames: ['Roboto', 'Roboto-Regular', 'Roboto Regular'],
  metrics: { unitsPerEm: 2048, ascent: 1900, descent: -500, lineGap: 0, xWidthAvg: 916 },
}
/** Linux systems without Liberation. */
const DEJAVU_SANS: LocalFallback = {
  name: 'DejaVu Sans',
  localNames: ['DejaVu Sans', 'DejaVuSans'],
  metrics: { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, xWidthAvg: 1048 },
}
/** Windows and macOS; Liberation Serif (most Linux systems) and Tinos (ChromeOS) have its metrics. */
const TIMES_NEW_ROMAN: LocalFallback = {
  name: 'Times New Roman',
  localNames: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
  metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 832 },
}
/** Android's own serif. */
const NOTO_SERIF: LocalFallback = {
  name: 'Noto Serif',
  localNames: ['Noto Serif', 'NotoSerif', 'NotoSerif-Regular'],
  metrics: { unitsPerEm: 1000, ascent: 1069, descent: -293, lineGap: 0, xWidthAvg: 487 },
}
/** Linux systems without Liberation. */
const DEJAVU_SERIF: LocalFallback = {
  name: 'DejaVu Serif',
  localNames: ['DejaVu Serif', 'DejaVuSerif'],
  metrics: { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, xWidthAvg: 1066 },
}

const SANS_FALLBACKS = [ARIAL, ROBOTO, DEJAVU_SANS] as const
const SERIF_FALLBACKS = [TIMES_NEW_ROMAN, NOTO_SERIF, DEJAVU_SERIF] as const

type Pairing = { label: string; heading: ServedFace | null; text: ServedFace | null }

const face = (family: string, slug: string, metrics: FaceMetrics, fallbacks: readonly LocalFallback[]): ServedFace => ({
  family: `${family} Variable`,
  packageName: `@fontsource-variable/${slug}`,
  file: `${slug}-latin-wght-normal.woff2`,
  metrics,
  fallbacks,
})

// Each face's regular-weight metrics, as its font file states them.
const SOURCE_SERIF = face(
  'Source Serif 4',
  'source-serif-4',
  { unitsPerEm: 1000, ascent: 1036, descent: -335, lineGap: 0, xWidthAvg: 479 },
  SERIF_FALLBACKS,
)
const SOURCE_SANS = face(
  'Source Sans 3',
  'source-sans-3',
  { unitsPerEm: 1000, ascent: 1024, descent: -400, lineGap: 0, xWidthAvg: 418 },
  SANS_FALLBACKS,
)
const LORA = face(
  'Lora',
  'lora',
  { unitsPerEm: 1000, ascent: 1006, descent: -274, lineGap: 0, xWidthAvg: 468 },
  SERIF_FALLBACKS,
)
const INTER = face(
  'Inter',
  'inter',
  { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 },
  SANS_FALLBACKS,
)
const ROBOTO_SLAB = face(
  'Roboto Slab',
  'roboto-slab',
  { unitsPerEm: 2048, ascent: 2146, descent: -555, lineGap: 0, xWidthAvg: 972 },
  SERIF_FALLBACKS,
)

export const FONT_PAIRINGS = {
  classic: { label: 'Classic: Georgia headings, the system’s text (today’s fonts)', heading: null, text: null },
  editorial: {
    label: 'Editorial: Source Serif 4 headings, Source Sans 3 text',
    heading: SOURCE_SERIF,
    text: SOURCE_SANS,
  },
  warm: { label: 'Warm: Lora headings, Inter text', heading: LORA, text: INTER },
  sturdy: { label: 'Sturdy: Roboto Slab headings, Inter text', heading: ROBOTO_SLAB, text: INTER },
} as const satisfies Record<string, Pairing>

export type FontPairingName = keyof typeof FONT_PAIRINGS

export const DEFAULT_FONT_PAIRING: FontPairingName = 'classic'

export const isFontPairingName = (value: unknown): value is FontPairingName =>
  typeof value === 'string' && Object.hasOwn(FONT_PAIRINGS, value)

/**
 * The class on `<html>` that lets a scripted page draw the served faces. Until it is set, a
 * scripted page draws their stand-ins (local fonts sized like them), so that a first visit asks for
 * no font file before its largest text is painted: on a phone's network the files competed with
 * the document and the site's CSS and put off that paint by about half a second (Lighthouse's
 * mobile profile, bench/page-weight.mjs with `BENCH_FONT_PAIRING`). A page without scripts has no
 * `js` class (the layout's first script sets it) and draws the served faces from the start.
 */
export const FONTS_SERVED_CLASS = 'fonts-served'
/** The session's flag that the files were asked for once, so are likely in the browser's cache. */
export const FONTS_SERVED_KEY = 'fonts-served'

/** Where the site serves the font files (src/app/(site)/brand-assets/fonts/[file]/route.ts). */
export const FONT_FILES_PATH = '/brand-assets/fonts/'

/** Every face a pairing may load, by its file name: what the font route agrees to serve. */
export const SERVED_FACES: ReadonlyMap<string, ServedFace> = new Map(
  Object.values(FONT_PAIRINGS as Record<string, Pairing>)
    .flatMap((pairing) => [pairing.heading, pairing.text])
    .filter((served): served is ServedFace => served !== null)
    .map((served) => [served.file, served]),
)

/** The name of a served face's stand-in drawn in the local font `fallback`, sized like it. */
export const fallbackFamily = (served: ServedFace, fallback: LocalFallback) =>
  `${served.family} Fallback ${fallback.name}`

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

/**
 * The stand-in's size and line metrics, so that text drawn in the local font `fallback` takes the
 * room the served face will (the swap then moves little): its glyphs scaled to the served face's
 * average width, its ascent, descent and line gap to the served face's, at that scale.
 */
export function fallbackOverrides(
  served: ServedFace,
  fallback: LocalFallback = served.fallbacks[0],
): Record<'size-adjust' | 'ascent-override' | 'descent-override' | 'line-gap-override', string> {
  const { metrics } = served
  const sizeAdjust = metrics.xWidthAvg / metrics.unitsPerEm / (fallback.metrics.xWidthAvg / fallback.metrics.unitsPerEm)
  const scaled = (units: number) => percent(Math.abs(units) / (metrics.unitsPerEm * sizeAdjust))
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': scaled(metrics.ascent),
    'descent-override': scaled(metrics.descent),
    'line-gap-override': scaled(metrics.lineGap),
  }
}
