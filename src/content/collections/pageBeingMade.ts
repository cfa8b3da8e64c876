// A page being made: what Payload's "Create new" leaves before the page has a title. With autosave
// on, Payload 3 creates the page the moment the create view opens (an empty draft), so that each
// later change can be saved. Such a page has no title, no slug and no address; the admin's lists
// and pickers leave it out, and one left untitled is deleted once it is a day old (WordPress's
// "auto-draft"). It becomes a page like any other when a title is saved on it.
import type { CollectionAfterChangeHook, PayloadRequest, Where } from 'payload'

/** How long an untitled page may wait for its title before the next "Create new" deletes it. */
export const PAGE_BEING_MADE_KEPT_MS = 24 * 60 * 60 * 1000

type Draft = { title?: unknown; slug?: unknown; layout?: unknown } | null | undefined

/** A page that has ever been saved with a title keeps one: any other is still being made. */
export const hasTitle = (page: Draft) => typeof page?.title === 'string' && page.title.trim() !== ''

/** The admin's "Create new": a page created with nothing in it yet. */
export const isEmptyNewPage = (data: Draft): boolean =>
  !hasTitle(data) &&
  (data?.title === undefined || data?.title === null) &&
  !data?.slug &&
  !(Array.isArray(data?.layout) && data.layout.length > 0)

/** The query a page being made answers to: no title saved yet. */
export const BEING_MADE: Where = { title: { exists: false } }

/** What the admin's lists and pickers show: pages with a title. */
export const PAGES_WITH_A_TITLE: Where = { title: { exists: true } }

/** The pages a page's pickers offer: others than itself, that have a title. */
export const otherTitledPages = ({ id }: { id?: number | string }): Where =>
  id ? { and: [{ id: { not_equals: id } }, PAGES_WITH_A_TITLE] } : PAGES_WITH_A_TITLE

/** An autosave (Payload's admin sends `?autosave=true`), as opposed to Save Draft or Publish. */
export const isAutosave = (req: PayloadRequest): boolean => {
  const flag = (req.query as Record<string, unknown> | undefined)?.autosave
  return flag === true || flag === 'true'
}

/** Each new page being made clears away the ones abandoned before it. */
export const deleteAbandonedPagesBeingMade: CollectionAfterChangeHook = async ({ collection, doc, operation, req }) => {
  if (operation !== 'create' || hasTitle(doc)) return doc
  const before = new Date(Date.now() - PAGE_BEING_MADE_KEPT_MS).toISOString()
  await req.payload.delete({
    collection: collection.slug as 'pages',
    where: { and: [BEING_MADE, { updatedAt: { less_than: before } }] },
    trash: true,
    overrideAccess: true,
    req,
  })
  return doc
}
