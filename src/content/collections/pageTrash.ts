// What the trash means for a page. Payload's trash is an update that sets `deletedAt`; every read
// that does not ask for the trash leaves the page out, so the site, the sitemap, the search and the
// menus' links lose it at once, while its address, menu entries and redirects stay stored for a
// restore. Deleting it for good from the trash runs the delete hooks (src/content/redirects/pageHooks.ts).
import type { CollectionBeforeChangeHook, CollectionBeforeValidateHook, PayloadRequest } from 'payload'
import { APIError } from 'payload'
import { childrenInTheWayMessage, PARENT_IN_TRASH_MESSAGE } from './pageMessages'
import { relationId } from '../relationId'

type Id = number | string
type TrashState = { deletedAt?: string | null; _status?: string | null } | null | undefined

/** The collections whose documents visitors read once published: they share the trash's rules. */
export type PublishedCollection = 'pages' | 'posts'

export const isInTrash = (page: TrashState): boolean => Boolean(page?.deletedAt)

/** Published and not in the trash: what visitors can see. */
export const isPublic = (page: TrashState): boolean => page?._status === 'published' && !isInTrash(page)

const isTrashing = (data: TrashState, originalDoc: TrashState) => isInTrash(data) && !isInTrash(originalDoc)
const isRestoring = (data: Record<string, unknown>, originalDoc: TrashState) =>
  isInTrash(originalDoc) && 'deletedAt' in data && !data.deletedAt

/** Fields Payload keeps for itself, never copied from one save into another. */
const OWN_FIELDS = ['id', 'createdAt', 'updatedAt', 'deletedAt'] as const

/**
 * The page as stored in its main row: the published copy when it has one. A draft save (Save
 * Draft, an autosave) never writes it; a publish, an unpublish, the trash and a restore do.
 */
export async function mainRow(req: PayloadRequest, id: Id, collection: PublishedCollection = 'pages') {
  return req.payload.findByID({
    collection,
    id,
    depth: 0,
    draft: false,
    trash: true,
    overrideAccess: true,
    req,
  })
}

/**
 * Trashing a published page keeps its published copy, so that a restore brings back what visitors
 * saw. (Payload would otherwise write a newer draft over it; that draft stays in the page's versions.)
 */
export const keepPublishedCopyInTrash: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
  if (!originalDoc?.id || !isTrashing(data, originalDoc)) return data
  const row = await mainRow(req, originalDoc.id, collection.slug as PublishedCollection)
  if (!row || row._status !== 'published') return data
  const published = Object.fromEntries(
    Object.entries(row).filter(([key]) => !(OWN_FIELDS as readonly string[]).includes(key)),
  )
  return { ...published, deletedAt: data.deletedAt, _status: 'published' }
}

/**
 * A restore brings the page back as the editor chose in the restore dialog: a draft (the dialog's
 * default), off the site, or published with "Restore as published version" ticked. A restore that
 * names no status (an API call sending only `deletedAt: null`) brings it back as it was when trashed.
 */
export const restoreAsChosen: CollectionBeforeValidateHook = ({ data, originalDoc }) => {
  if (!data || !isRestoring(data, originalDoc)) return data
  if (data._status === 'draft' || data._status === 'published') return data
  return { ...data, _status: originalDoc?._status ?? 'draft' }
}

const idOf = (value: unknown): Id | null => relationId<Id>(value)

/**
 * A refusal's status. Its words are the message itself (not a field's error), so that the admin's
 * delete and restore toasts, which show only an error's message, say why.
 */
const REFUSED = 400

/** How many children a refusal names before it says "and N more". */
const NAMED_CHILDREN = 3

/**
 * A page's address is its parents' slugs, so a family goes to the trash from the bottom up and
 * comes back from the top down: never a public child under a parent that answers 404.
 */
export const keepFamilyTogether: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (!originalDoc?.id) return data
  if (isTrashing(data, originalDoc)) {
    const { docs, totalDocs } = await req.payload.find({
      collection: 'pages',
      where: { parent: { equals: originalDoc.id } },
      select: { path: true },
      depth: 0,
      draft: true,
      limit: NAMED_CHILDREN,
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) {
      const named = docs.map((child) => String(child.path))
      throw new APIError(childrenInTheWayMessage(named, totalDocs), REFUSED, undefined, true)
    }
  }
  if (isRestoring(data, originalDoc)) {
    const parent = idOf(originalDoc.parent)
    if (parent !== null) {
      if (isInTrash(await mainRow(req, parent))) {
        throw new APIError(PARENT_IN_TRASH_MESSAGE, REFUSED, undefined, true)
      }
    }
  }
  return data
}
