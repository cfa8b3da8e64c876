import { LinkFeature } from '@payloadcms/richtext-lexical'
import type { FieldAffectingData, TextFieldSingleValidation } from 'payload'
import { isSafeLinkUrl, UNSAFE_LINK_MESSAGE } from '@/content/fields/safeUrl'

/** The address of a link typed in rich text: refused beside the field when its scheme could run code. */
const validateLinkUrl: TextFieldSingleValidation = (value, { siblingData }) => {
  if ((siblingData as { linkType?: string } | undefined)?.linkType === 'internal') return true
  if (typeof value !== 'string' || value.trim() === '') return 'Enter the address the link goes to.'
  return isSafeLinkUrl(value) ? true : UNSAFE_LINK_MESSAGE
}

/** Rich-text links as the editor's own, with the site's rule for which addresses a link may hold. */
export const safeLinkFeature = () =>
  LinkFeature({
    fields: ({ defaultFields }) =>
      defaultFields.map((field): FieldAffectingData =>
        field.name === 'url' && field.type === 'text' && !field.hasMany
          ? { ...field, validate: validateLinkUrl }
          : field,
      ),
  })
