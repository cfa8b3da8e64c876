// Keeps the header and footer free of entries that lead to deleted pages: cleaned when a page
// goes, and on every save of either menu, so that a save never fails on a reference.
import type { CollectionAfterDeleteHook, GlobalBeforeValidateHook, PayloadRequest } from 'payload'
import {
  emptiedRowIds,
  footerWithout,
  headerWithout,
  storedPageIds,
  type DeadLinkRule,
  type FooterData,
  type HeaderData,
} from './menuLinks'

/** The stored page ids that no longer name a page, found in one query (a page in the trash still does). */
async function gonePageIds(req: PayloadRequest, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const found = await req.payload.find({
    collection: 'pages',
    where: { id: { in: ids } },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    trash: true,
    select: {},
    req,
  })
  const existing = new Set(found.docs.map((doc) => String(doc.id)))
  return new Set(ids.filter((id) => !existing.has(id)))
}

/**
 * After a page is deleted, the menu entries that led to it are taken out (the database has
 * already emptied their reference, so every page link left without a page goes). Saving a menu
 * runs its own hooks, which revalidate every page (src/content/revalidate.ts).
 */
export const removeDeletedPageFromMenus: CollectionAfterDeleteHook = async ({ id, req }) => {
  const deletedId = String(id)
  const rule: DeadLinkRule = { isGone: (pageId) => pageId === deletedId, isEmptiedRow: () => true }
  const header = await req.payload.findGlobal({ slug: 'header', depth: 0, overrideAccess: true, req })
  const cleanHeader = headerWithout(header, rule)
  if (cleanHeader.removed) {
    await req.payload.updateGlobal({ slug: 'header', data: cleanHeader.data, depth: 0, overrideAccess: true, req })
  }
  const footer = await req.payload.findGlobal({ slug: 'footer', depth: 0, overrideAccess: true, req })
  const cleanFooter = footerWithout(footer, rule)
  if (cleanFooter.removed) {
    await req.payload.updateGlobal({ slug: 'footer', data: cleanFooter.data, depth: 0, overrideAccess: true, req })
  }
}

/**
 * Before a menu is validated: a link to a page that no longer exists goes (or is emptied, when it
 * was an address link that still held an old page), and so does a row that a deletion before
 * this hook existed left without its page. A new row without a page stays, for the field's error.
 */
export const dropDeadMenuLinks: GlobalBeforeValidateHook = async ({ data, originalDoc, global, req }) => {
  if (!data) return data
  const isHeader = global.slug === 'header'
  const header = isHeader ? (data as HeaderData) : null
  const footer = isHeader ? null : (data as FooterData)
  const gone = await gonePageIds(req, storedPageIds(header, footer))
  const emptied = isHeader ? emptiedRowIds(originalDoc ?? null, null) : emptiedRowIds(null, originalDoc ?? null)
  const rule: DeadLinkRule = {
    isGone: (pageId) => gone.has(pageId),
    isEmptiedRow: (rowId) => rowId !== null && emptied.has(rowId),
  }
  return isHeader ? headerWithout(data as HeaderData, rule).data : footerWithout(data as FooterData, rule).data
}
