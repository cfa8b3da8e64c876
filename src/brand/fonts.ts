/**
 * The font pairings an owner may choose (Settings → Appearance): a heading face and a text face,
 * each served from this site (the pinned @fontsource-variable packages), Latin only, one variable
 * file per face. `classic` is today's look: Georgia and the system's own font, nothing to load.
 */

/** A face the site serves itself: the file of the package's Latin subset, every weight in one file. */
export type ServedFace = { family: string; packageName: string; file: string }

type Pairing = { label: string; heading: ServedFace | null; text: ServedFace | null }

const face = (family: string, slug: string): ServedFace => ({
  family: `${family} Variable`,
  packageName: `@fontsource-variable/${slug}`,
  file: `${slug}-latin-wght-normal.woff2`,
})

const SOURCE_SERIF = face('Source Serif 4', 'source-serif-4')
const SOURCE_SANS = face('Source Sans 3', 'source-sans-3')
const LORA = face('Lora', 'lora')
const INTER = face('Inter', 'inter')
const ROBOTO_SLAB = face('Roboto Slab', 'roboto-slab')

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

/** Where the site serves the font files (src/app/(site)/brand-assets/fonts/[file]/route.ts). */
export const FONT_FILES_PATH = '/brand-assets/fonts/'

/** Every face a pairing may load, by its file name: what the font route agrees to serve. */
export const SERVED_FACES: ReadonlyMap<string, ServedFace> = new Map(
  Object.values(FONT_PAIRINGS as Record<string, Pairing>)
    .flatMap((pairing) => [pairing.heading, pairing.text])
    .filter((served): served is ServedFace => served !== null)
    .map((served) => [served.file, served]),
)
