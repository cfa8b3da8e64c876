// What an edit in the CMS makes stale in Next's cache, and telling Next so. Called from the
// collections' and globals' hooks; see docs/serving.md, "How pages are served".
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'
import { processWide } from '@/platform/processWide'
import { isPublic, mainRow, type PublishedCollection } from './collections/pageTrash'
import { implicitTags, revalidateOutsideRequest } from './revalidateOutsideRequest'

/*
 * Whoever keeps copies of pages in this process (the server's short page memo) hears of every
 * revalidation made here: the listeners are one set per process, which the server and the app's code share.
 */
const listeners = processWide('content.revalidation-listeners', () => new Set<() => void>())

export function onRevalidated(listener: () => void): void {
  listeners.add(listener)
}

function announceRevalidation() {
  for (const listener of listeners) listener()
}

/** Tag of the cached list of published pages that the sitemap is made from. */
export const PUBLISHED_PAGES_TAG = 'published-pages'
/** Tag of the cached list of published news posts that the sitemap is made from. */
export const PUBLISHED_POSTS_TAG = 'published-posts'

export type PageState =
  | {
      path?: string | null
      title?: string | null
      _status?: string | null
      deletedAt?: string | null
      updatedAt?: string | null
    }
  | null
  | undefined

/** What a change to one page (or post) makes stale; `postList` is the sitemap's list of posts. */
export type PageChangeEffect = { paths: string[]; everyPage: boolean; pageList: boolean; postList?: boolean }

/** A page in the trash is off the site, as an unpublished one is. */
const isPublished = (page: PageState) => isPublic(page)

/**
 * A page's own address, before and after, when the public could see it before or after the edit.
 * A change of what other pages show of it (its title and address in menus and links) or of whether
 * it is public at all touches every page, and the list of pages (the sitemap) with it.
 */
export function pageChangeEffect(before: PageState, after: PageState): PageChangeEffect {
  if (!isPublished(before) && !isPublished(after)) return { paths: [], everyPage: false, pageList: false }
  const paths = [...new Set([before?.path, after?.path].filter((path): path is string => Boolean(path)))]
  const listed = isPublished(before) !== isPublished(after) || before?.path !== after?.path
  const everyPage = listed || before?.title !== after?.title
  return { paths, everyPage, pageList: listed }
}

/**
 * Tells Next what is stale. Outside a request (a scheduled publish, the set-up script, a test
 * calling Payload directly) it tells the process's page cache, when there is one.
 */
export async function applyRevalidation({ paths, everyPage, pageList, postList }: PageChangeEffect): Promise<void> {
  // Nothing visitors see changed (a draft saved): the page memo and Next's cache stay as they are.
  if (paths.length === 0 && !everyPage && !pageList && !postList) return
  const dataTags = [...(pageList ? [PUBLISHED_PAGES_TAG] : []), ...(postList ? [PUBLISHED_POSTS_TAG] : [])]
  // Loaded when needed: the collections are also read outside Next (the set-up script, test suites).
  const { revalidatePath, revalidateTag } = await import('next/cache')
  try {
    if (everyPage) revalidatePath('/', 'layout')
    else for (const path of paths) revalidatePath(path)
    for (const tag of dataTags) revalidateTag(tag, { expire: 0 })
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing'))) throw error
    // No request: a scheduled publish run by the server's timer, or a script without a page cache.
    await revalidateOutsideRequest(implicitTags(paths, everyPage), dataTags)
  } finally {
    announceRevalidation()
  }
}

/** What visitors could see of a page or post: its main row (mainRow says when that changes). */
const seenByVisitors = (req: PayloadRequest, id: number | string, collection: string): Promise<PageState> =>
  mainRow(req, id, collection as PublishedCollection)

/** The document as visitors saw it before each save of a request, by collection and id. */
const seenBefore = new WeakMap<PayloadRequest, Map<string, PageState>>()
const seenKey = (collection: string, id: number | string) => `${collection}:${id}`

/** Before a save, notes what visitors saw of the page (or post) until now. */
export const rememberWhatVisitorsSaw: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
  if (!originalDoc?.id) return data
  if (!seenBefore.has(req)) seenBefore.set(req, new Map())
  seenBefore
    .get(req)!
    .set(seenKey(collection.slug, originalDoc.id), await seenByVisitors(req, originalDoc.id, collection.slug))
  return data
}

/** What a change makes stale, from what visitors saw before and after it. */
export type ChangeEffectOf = (before: PageState, after: PageState) => PageChangeEffect

/**
 * Compares what visitors saw before and after the save, not the draft before and after: the draft
 * saved over a published page is not published, and must not look like an unpublish (which made
 * the first autosave after a publish revalidate every page).
 */
export const revalidateChanged =
  (effectOf: ChangeEffectOf): CollectionAfterChangeHook =>
  async ({ collection, doc, operation, previousDoc, req }) => {
    const before =
      operation === 'create' ? null : (seenBefore.get(req)?.get(seenKey(collection.slug, doc.id)) ?? previousDoc)
    const after = await seenByVisitors(req, doc.id, collection.slug)
    // The main row not written at all: a draft save.
    if (before && before.updatedAt === after?.updatedAt) return doc
    await applyRevalidation(effectOf(before, after))
    return doc
  }

export const revalidateDeleted =
  (effectOf: ChangeEffectOf): CollectionAfterDeleteHook =>
  async ({ doc }) => {
    await applyRevalidation(effectOf(doc, null))
    return doc
  }

export const revalidateChangedPage = revalidateChanged(pageChangeEffect)

export const revalidateDeletedPage = revalidateDeleted(pageChangeEffect)

const revalidateAll = async <T>(doc: T): Promise<T> => {
  await applyRevalidation({ paths: [], everyPage: true, pageList: false })
  return doc
}

/** The header, the footer and the site settings are part of every page. */
export const revalidateEveryPage: GlobalAfterChangeHook = ({ doc }) => revalidateAll(doc)

/** Forms and images may be shown on any page. */
export const revalidatePagesShowingIt: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) =>
  revalidateAll(doc)
