import type { TextFieldSingleValidation } from 'payload'

/** The shape of each tag service's id, as the service shows it to its customer. */
export const TAG_ID_FORMATS = {
  gtmId: { pattern: /^GTM-[A-Z0-9]{4,10}$/, example: 'GTM-5XK2P9Q', what: 'GTM- and letters or digits' },
  ga4Id: { pattern: /^G-[A-Z0-9]{4,12}$/, example: 'G-8Q2ZL4M1XY', what: 'G- and letters or digits' },
  clarityId: { pattern: /^[a-z0-9]{4,20}$/, example: 'k2x9m4p7qa', what: 'lower-case letters and digits' },
  hotjarId: { pattern: /^[0-9]{1,10}$/, example: '3456789', what: 'digits only' },
} as const
export type TagIdField = keyof typeof TAG_ID_FORMATS

/** The id when it has its service's shape, trimmed; null otherwise (the tag is then not loaded). */
export function wellFormedTagId(field: TagIdField, value: string | null | undefined): string | null {
  const id = value?.trim()
  return id && TAG_ID_FORMATS[field].pattern.test(id) ? id : null
}

/** Refuses, beside the field, an id its service would not recognise, instead of saving one that never loads. */
export const tagIdValidation =
  (field: TagIdField): TextFieldSingleValidation =>
  (value) => {
    if (value === null || value === undefined || value.trim() === '') return true
    if (wellFormedTagId(field, value)) return true
    const { what, example } = TAG_ID_FORMATS[field]
    return `This is not an id the service would recognise: it is ${what}, for example ${example}.`
  }
