import type { CollectionBeforeChangeHook, CollectionBeforeValidateHook, Field, PayloadRequest, RowField } from 'payload'
import { slugField, ValidationError } from 'payload'
import { slugifyTitle } from '../fields/slugFromTitle'
import { SLUG_PATTERN } from '../sitePath'
import { NEWS_PATH } from '../posts/addresses'
import {
  DRAFT_TITLE_MESSAGE,
  duplicateAddressMessage,
  sectionAddressMessage,
  trashedAddressMessage,
} from './pageMessages'
import { hasTitle, isAutosave, isEmptyNewPage } from './pageBeingMade'

export { slugifyTitle }
export { DRAFT_TITLE_MESSAGE, duplicateAddressMessage, trashedAddressMessage }

export { SLUG_PATTERN }

/** The hidden checkbox of Payload's slug field: true while the slug still follows the title. */
export const FOLLOWS_TITLE_FIELD = 'generateSlug'

type SlugState = { generateSlug?: unknown; _status?: unknown } | null | undefined

/**
 * The slug follows the title until the page is first published or the editor types a slug (as in
 * WordPress); after that the address changes only by hand, with a redirect from the old one.
 */
export const slugFollowsTitle = (data: SlugState, originalDoc: SlugState): boolean =>
  originalDoc?._status !== 'published' && (data?.generateSlug ?? originalDoc?.generateSlug) === true

const PAGE_SLUG_DESCRIPTION = 'Lower-case words joined by dashes. "home" at the top level is the home page.'
const SLUG_PATTERN_MESSAGE = 'Use lower-case letters, digits and single dashes.'

/** What a slug's check adds to its pattern: the refusal to show beside it, or nothing when it is free. */
export type SlugAddressCheck = (
  slug: string,
  page: { data: Record<string, unknown> | undefined; id: number | string | undefined; req: PayloadRequest },
) => Promise<string | undefined>

/**
 * Payload's slug field, filled from the title until the editor sets it; unique per parent, not overall.
 * `addressCheck` runs in Payload's own form checks too, so a clash shows beside the slug as the editor
 * types and stays there after a refused publish (the save's hook alone was cleared by the next check).
 */
export function pageSlugField(description = PAGE_SLUG_DESCRIPTION, addressCheck?: SlugAddressCheck): Field {
  return slugField({
    useAsSlug: 'title',
    disableUnique: true,
    slugify: ({ valueToSlugify }) => slugifyTitle(valueToSlugify),
    overrides: (row) => {
      const [checkbox, slug] = row.fields
      return {
        ...row,
        fields: [
          // Payload's own hook would make the slug again from the title after a publish; here the
          // checkbox goes off for good at the first publish (requireTitleAndSlug does the following).
          {
            ...checkbox,
            hooks: {
              beforeChange: [
                ({ value, data, originalDoc }) =>
                  data?._status === 'published'
                    ? false
                    : typeof value === 'boolean'
                      ? value
                      : (originalDoc?.generateSlug ?? false),
              ],
            },
          } as Field,
          {
            ...slug,
            admin: {
              ...slug.admin,
              components: { Field: '/content/admin/PageSlugField#PageSlugField' },
              description,
            },
            validate: async (
              value: unknown,
              { data, id, req }: { data?: Record<string, unknown>; id?: number | string; req: PayloadRequest },
            ) => {
              if (typeof value !== 'string' || !SLUG_PATTERN.test(value)) return SLUG_PATTERN_MESSAGE
              return (await addressCheck?.(value, { data, id, req })) ?? true
            },
          } as Field,
        ],
      } as RowField
    },
  })
}

/**
 * Drafts skip field validation, so a draft could be saved with no title at all; a title is the
 * least a page needs to be found again. Two saves go without one: the admin's "Create new", which
 * makes an empty page at once, and an autosave of that page before its title is typed (quietly
 * kept untitled: ./pageBeingMade.ts). While the slug follows the title, it is made from it here,
 * before the path.
 */
export const requireTitleAndSlug: CollectionBeforeValidateHook = ({ data, operation, originalDoc, req }) => {
  if (!data) return data
  const title = 'title' in data ? data.title : originalDoc?.title
  if (typeof title !== 'string' || title.trim() === '') {
    const beingMade = operation === 'create' ? isEmptyNewPage(data) : isAutosave(req) && !hasTitle(originalDoc)
    // No address until it has a title (what is typed in the slug stays in the form).
    if (beingMade) return { ...data, title: null, slug: null, path: null }
    throw new ValidationError({ errors: [{ path: 'title', message: DRAFT_TITLE_MESSAGE }] })
  }
  if (operation === 'create') {
    if (!data.slug) data.slug = slugifyTitle(title)
    // A slug given that is not the title's stops following it.
    data[FOLLOWS_TITLE_FIELD] = data.slug === slugifyTitle(title) && data[FOLLOWS_TITLE_FIELD] !== false
  } else if (slugFollowsTitle(data, originalDoc)) {
    data.slug = slugifyTitle(title)
  }
  return data
}

/** Why a page cannot have the address `path`, or nothing when it is free (`selfId`: the page itself). */
export async function addressRefusal(
  req: PayloadRequest,
  path: string,
  selfId: number | string | undefined,
): Promise<string | undefined> {
  // The news route answers every address under /news, so a page there would never be seen.
  if (path === NEWS_PATH || path.startsWith(`${NEWS_PATH}/`)) return sectionAddressMessage(path)
  const others = await req.payload.find({
    collection: 'pages',
    where: {
      and: [{ path: { equals: path } }, ...(selfId !== undefined ? [{ id: { not_equals: selfId } }] : [])],
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
  if (!other) return undefined
  return other.deletedAt ? trashedAddressMessage(path) : duplicateAddressMessage(path)
}

/** Two pages at one address: said on the slug, before the database refuses the path (drafts too). */
export const refuseDuplicateAddress: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (typeof data.path !== 'string') return data
  const message = await addressRefusal(req, data.path, originalDoc?.id)
  if (message) throw new ValidationError({ errors: [{ path: 'slug', message }] })
  return data
}
