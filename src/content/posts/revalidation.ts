// What an edit to a news post makes stale. A post is shown in more places than its own address:
// the news listing and its pages, its categories' listings, the feed, the sitemap, and any page
// holding a "Latest posts" block.
import { isPublic } from '../collections/pageTrash'
import { type PageChangeEffect, type PageState, revalidateChanged, revalidateDeleted } from '../revalidate'
import { NEWS_FEED_PATH, postPath } from './addresses'

type PostState = PageState & {
  slug?: string | null
  summary?: string | null
  publishedAt?: string | null
  heroImage?: unknown
  categories?: unknown
  authorName?: string | null
}

/** A post's state as the revalidation hooks hand it (a page's shape, with the post's own fields). */
type PostFields = NonNullable<PostState>

/** What lists of posts show of each (the news, categories, the feed, "Latest posts" blocks). */
const LISTED_FIELDS = ['title', 'slug', 'summary', 'publishedAt', 'heroImage', 'categories', 'authorName'] as const

const idsOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map((item) => (item && typeof item === 'object' ? (item as { id: unknown }).id : item))
    : value

const listedChanged = (before: PageState, after: PageState) =>
  LISTED_FIELDS.some(
    (field) =>
      JSON.stringify(idsOf((before as PostFields | null | undefined)?.[field])) !==
      JSON.stringify(idsOf((after as PostFields | null | undefined)?.[field])),
  )

/**
 * A post visitors never saw, before or after: nothing. A publish, an unpublish, the trash, a
 * restore, or a change of what lists show: every page (any page may list it) and the sitemap's
 * posts. A change of its body alone: its own address and the feed (whose entry is dated by it).
 */
export function postChangeEffect(before: PageState, after: PageState): PageChangeEffect {
  if (!isPublic(before) && !isPublic(after)) return { paths: [], everyPage: false, pageList: false }
  const slugs = [(before as PostState)?.slug, (after as PostState)?.slug]
  const ownPaths = slugs.filter((slug): slug is string => Boolean(slug)).map(postPath)
  const everyPage = isPublic(before) !== isPublic(after) || listedChanged(before, after)
  return { paths: [...new Set([...ownPaths, NEWS_FEED_PATH])], everyPage, pageList: false, postList: true }
}

export const revalidateChangedPost = revalidateChanged(postChangeEffect)
export const revalidateDeletedPost = revalidateDeleted(postChangeEffect)
