// How pages keep their old addresses working: a 301 when a published page moves, and a chosen
// destination when one is deleted. Registered in src/content/collections/Pages.ts.
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  Field,
  PayloadRequest,
} from 'payload'
import { otherTitledPages } from '../collections/pageBeingMade'
import { isPublic } from '../collections/pageTrash'
import { relationId } from '../relationId'

type Id = number | string
type PageState = {
  id: Id
  path?: string | null
  _status?: string | null
  deletedAt?: string | null
  redirectOnDelete?: unknown
}
type Stash = {
  publicPathBefore: Map<string, string | null>
  deleting: Map<string, { path: string | null; target: Id | null }>
}

/**
 * What the hooks of one request (and the child saves it makes) remember between before and after;
 * by request, since Payload gives nested operations a copy of the request's context.
 */
const stashes = new WeakMap<PayloadRequest, Stash>()

function stashOf(req: PayloadRequest): Stash {
  let stash = stashes.get(req)
  if (!stash) stashes.set(req, (stash = { publicPathBefore: new Map(), deleting: new Map() }))
  return stash
}

const idOf = (value: unknown): Id | null => relationId<Id>(value)

/**
 * The address visitors could see the page at, from the published copy (drafts never reach it). A
 * page in the trash has none, unless asked for the address it had before (when deleted for good).
 */
async function publicPath(req: PayloadRequest, id: Id, { beforeTrash = false } = {}): Promise<string | null> {
  const page = (await req.payload.findByID({
    collection: 'pages',
    id,
    depth: 0,
    draft: false,
    trash: true,
    req,
  })) as PageState
  const seen = beforeTrash ? page._status === 'published' : isPublic(page)
  return seen ? (page.path ?? null) : null
}

type RedirectTarget = { to: 'page'; page: number; address: null } | { to: 'address'; address: string; page: null }

/** Sends an old address to a page or an address, replacing whatever redirect started there. */
export async function redirectFrom(req: PayloadRequest, from: string, target: RedirectTarget): Promise<void> {
  const { docs } = await req.payload.find({
    collection: 'redirects',
    where: { from: { equals: from } },
    depth: 0,
    limit: 1,
    req,
  })
  const data = { from, ...target }
  if (docs[0]) await req.payload.update({ collection: 'redirects', id: docs[0].id, data, req })
  else await req.payload.create({ collection: 'redirects', data, req })
}

const sendAddressToPage = (req: PayloadRequest, from: string, page: Id) =>
  redirectFrom(req, from, { to: 'page', page: page as number, address: null })

/** Before a save that reaches the published copy, note where the public saw the page until now. */
export const rememberPublicPath: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc?.id || data._status === 'draft') return data
  stashOf(req).publicPathBefore.set(String(originalDoc.id), await publicPath(req, originalDoc.id))
  return data
}

/**
 * A published page at a new address: a redirect that started there is gone (the page wins, so
 * renaming back never loops), and its old public address answers 301 to it.
 */
export const redirectOldPath: CollectionAfterChangeHook = async ({ doc, req }) => {
  if (!isPublic(doc) || !doc.path) return doc
  await req.payload.delete({ collection: 'redirects', where: { from: { equals: doc.path } }, req })
  const before = stashOf(req).publicPathBefore.get(String(doc.id))
  if (before && before !== doc.path) await sendAddressToPage(req, before, doc.id)
  return doc
}

/** The sidebar choice read when the page is deleted. */
export const redirectOnDeleteField: Field = {
  name: 'redirectOnDelete',
  label: 'When this page is deleted, send its address to…',
  type: 'relationship',
  relationTo: 'pages',
  filterOptions: otherTitledPages,
  admin: {
    position: 'sidebar',
    description: 'Old links then answer 301 to this page; left empty, they answer 404.',
  },
}

/** Below that choice: what a deletion would do to the page's address and the redirects leading to it. */
export const deletionNoteField: Field = {
  name: 'deletionNote',
  type: 'ui',
  admin: { position: 'sidebar', components: { Field: '/content/redirects/DeletionNote#DeletionNote' } },
}

/**
 * Before a page goes: redirects that led to it lead to the chosen page instead, or are deleted
 * when none was chosen (never a redirect to a missing page).
 */
export const repointRedirectsToDeletedPage: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const latest = (await req.payload.findByID({
    collection: 'pages',
    id,
    depth: 0,
    draft: true,
    trash: true,
    req,
  })) as PageState
  const chosen = idOf(latest.redirectOnDelete)
  const target = chosen !== null && String(chosen) !== String(id) ? chosen : null
  // Deleted for good from the trash: the address it had until then is sent on, as for a page deleted at once.
  stashOf(req).deleting.set(String(id), { path: await publicPath(req, id, { beforeTrash: true }), target })
  const { docs } = await req.payload.find({
    collection: 'redirects',
    where: { page: { equals: id } },
    depth: 0,
    limit: 0,
    req,
  })
  for (const redirect of docs) {
    if (target === null) await req.payload.delete({ collection: 'redirects', id: redirect.id, req })
    else await req.payload.update({ collection: 'redirects', id: redirect.id, data: { page: target as number }, req })
  }
}

/** Once the page is gone, its public address answers 301 to the chosen page. */
export const redirectDeletedPath: CollectionAfterDeleteHook = async ({ id, doc, req }) => {
  const deleting = stashOf(req).deleting.get(String(id))
  if (deleting?.path && deleting.target !== null) await sendAddressToPage(req, deleting.path, deleting.target)
  return doc
}
