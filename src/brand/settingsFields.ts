import type { Field, FieldHook, Validate } from 'payload'
import { BRAND_COLOURS, brandColourProblem, type BrandColourName } from './colours'
import { DEFAULT_FONT_PAIRING, FONT_PAIRINGS } from './fonts'
import { LOGO_MIME_TYPES } from './images'
import { makeLogoImages, type LogoMedia } from './logo'
import { relationId } from '@/content/relationId'

const LOGO_TYPE_NAMES = 'SVG, PNG, JPEG, WebP or AVIF'

/** The logo must be an image the site can show and make icons from. */
const validateLogo: Validate = async (value, { req }) => {
  const id = relationId<number>(value)
  if (id === null) return true
  const media = await req.payload
    .findByID({ collection: 'media', id, depth: 0, overrideAccess: true, req })
    .catch(() => null)
  if (!media) return 'The chosen logo is not in the media library.'
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(media.mimeType ?? ''))
    return `The logo must be an ${LOGO_TYPE_NAMES} image; “${media.filename}” is ${media.mimeType || 'of an unknown type'}.`
  return true
}

/** The icons are made on save, so that the first visitor after it does not wait for them. */
const makeIconsOnSave: FieldHook = async ({ value, previousValue, req }) => {
  const id = relationId<number>(value)
  if (id === null || id === relationId<number>(previousValue)) return value
  const media = await req.payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true, req })
  await makeLogoImages(media as LogoMedia).catch((error) => {
    // The icon route makes them on first ask: a failure here costs that visitor a moment, not the save.
    req.payload.logger.error({ err: error }, `The icons of logo ${id} could not be made on save`)
  })
  return value
}

const colourField = (name: BrandColourName, fieldName: string, label: string): Field => ({
  name: fieldName,
  label,
  type: 'text',
  admin: {
    placeholder: BRAND_COLOURS[name].default,
    description: `A hex colour (like ${BRAND_COLOURS[name].default}, the default). White text on it must reach a contrast of 4.5:1.`,
  },
  validate: (value: unknown) => brandColourProblem(name, typeof value === 'string' ? value : null) ?? true,
})

/** The brand's fields in Settings → Appearance: the logo, the two colours and the font pairing. */
export const brandFields: Field[] = [
  {
    name: 'logo',
    label: 'Brand logo',
    type: 'upload',
    relationTo: 'media',
    filterOptions: { mimeType: { in: [...LOGO_MIME_TYPES] } },
    validate: validateLogo,
    hooks: { afterChange: [makeIconsOnSave] },
    admin: {
      description: `An ${LOGO_TYPE_NAMES} image: shown in the header, the footer, the admin and emails; the browser and phone icons are made from it. Empty: the site's own mark.`,
    },
  },
  {
    type: 'row',
    fields: [
      colourField('primary', 'primaryColour', 'Primary colour'),
      colourField('accent', 'accentColour', 'Accent colour'),
    ],
  },
  {
    name: 'fontPairing',
    label: 'Fonts',
    type: 'select',
    defaultValue: DEFAULT_FONT_PAIRING,
    options: Object.entries(FONT_PAIRINGS).map(([value, pairing]) => ({ value, label: pairing.label })),
    admin: { description: 'Served from this site; only the chosen pairing’s files load.' },
  },
]
