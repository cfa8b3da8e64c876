// A published post given a new slug keeps its old address working: a 301 to the new one, as a
// page's does (src/content/redirects/pageHooks.ts). Redirects to an address never chain (Redirects.ts).
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'
import { isPublic, mainRow } from '../collections/pageTrash'
import { redirectFrom } from '../redirects/pageHooks'
import { postPath } from './addresses'

/** The slug visitors saw each post at before the saves of a request, by post id. */
const publicSlugBefore = new WeakMap<PayloadRequest, Map<string, string>>()

/** Before a save that reaches the published copy, notes the post's public slug until now. */
export const rememberPublicSlug: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc?.id || data._status === 'draft') return data
  const row = (await mainRow(req, originalDoc.id, 'posts')) as { slug?: string | null; _status?: string | null }
  if (isPublic(row) && row.slug) {
    if (!publicSlugBefore.has(req)) publicSlugBefore.set(req, new Map())
    publicSlugBefore.get(req)!.set(String(originalDoc.id), row.slug)
  }
  return data
}

/**
 * A published post at an address: a redirect that started there is gone (the post wins, so
 * renaming back never loops), and its old public address answers 301 to the new one.
 */
export const redirectOldPostAddress: CollectionAfterChangeHook = async ({ doc, req }) => {
  if (!isPublic(doc) || !doc.slug) return doc
  const path = postPath(doc.slug)
  await req.payload.delete({ collection: 'redirects', where: { from: { equals: path } }, req })
  const before = publicSlugBefore.get(req)?.get(String(doc.id))
  if (!before || before === doc.slug) return doc
  await redirectFrom(req, postPath(before), { to: 'address', address: path, page: null })
  return doc
}
