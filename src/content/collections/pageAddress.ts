import type { CollectionBeforeChangeHook, CollectionBeforeValidateHook, Field, RowField } from 'payload'
import { slugField, ValidationError } from 'payload'
import { slugifyTitle } from '../fields/slugFromTitle'
import { SLUG_PATTERN } from '../sitePath'
import { DRAFT_TITLE_MESSAGE, duplicateAddressMessage, trashedAddressMessage } from './pageMessages'

export { slugifyTitle }
export { DRAFT_TITLE_MESSAGE, duplicateAddressMessage, trashedAddressMessage }

export { SLUG_PATTERN }

/** Payload's slug field, filled from the title until the editor sets it; unique per parent, not overall. */
export function pageSlugField(): Field {
  return slugField({
    useAsSlug: 'title',
    disableUnique: true,
    slugify: ({ valueToSlugify }) => slugifyTitle(valueToSlugify),
    overrides: (row) => {
      const [checkbox, slug] = row.fields
      return {
        ...row,
        fields: [
          // Payload's hook would make the slug again from the title on a later save (an existing
          // page's address with it); here it follows the title only before the first save.
          { ...checkbox, hooks: { beforeChange: [() => false] } } as Field,
          {
            ...slug,
            admin: {
              ...slug.admin,
              components: { Field: '/content/admin/PageSlugField#PageSlugField' },
              description: 'Lower-case words joined by dashes. "home" at the top level is the home page.',
            },
            validate: (value: unknown) =>
              typeof value === 'string' && SLUG_PATTERN.test(value)
                ? true
                : 'Use lower-case letters, digits and single dashes.',
          } as Field,
        ],
      } as RowField
    },
  })
}

/**
 * Drafts skip field validation, so a draft could be saved with no title at all; a title is the
 * least a page needs to be found again. A new page's slug comes from it before its path is made.
 */
export const requireTitleAndSlug: CollectionBeforeValidateHook = ({ data, operation, originalDoc }) => {
  if (!data) return data
  const title = 'title' in data ? data.title : originalDoc?.title
  if (typeof title !== 'string' || title.trim() === '') {
    throw new ValidationError({ errors: [{ path: 'title', message: DRAFT_TITLE_MESSAGE }] })
  }
  if (operation === 'create' && !data.slug) data.slug = slugifyTitle(title)
  return data
}

/** Two pages at one address: said on the slug, before the database refuses the path. */
export const refuseDuplicateAddress: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (typeof data.path !== 'string') return data
  const others = await req.payload.find({
    collection: 'pages',
    where: {
      and: [{ path: { equals: data.path } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])],
    },
    depth: 0,
    draft: true,
    // A page in the trash keeps its address for a restore.
    trash: true,
    select: { deletedAt: true },
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const other = others.docs[0]
  if (other) {
    const message = other.deletedAt ? trashedAddressMessage(data.path) : duplicateAddressMessage(data.path)
    throw new ValidationError({ errors: [{ path: 'slug', message }] })
  }
  return data
}
