// What an address under /news shows, read for the route (src/app/(site)/news/[[...rest]]/page.tsx).
import type { Category, Post } from '@/payload-types'
import { categoryPath, newsAddressFrom, newsAddressPath, newsListPath } from '@/content/posts/addresses'
import {
  findCategory,
  findLatestDraftPost,
  findPostPage,
  findPublishedPost,
  type PostPage,
} from '@/content/posts/queries'
import { draftPreviewer } from '@/content/preview/draftPage'
import { findRedirectLocation } from '@/content/redirects/lookup'
import { permanentRedirect } from 'next/navigation'

export const NEWS_TITLE = 'News'

export type NewsView =
  | {
      kind: 'list'
      path: string
      title: string
      list: PostPage
      category: Category | null
      pathOfPage: (page: number) => string
    }
  | { kind: 'post'; path: string; post: Post; previewing: boolean }

/**
 * The listing, a category's listing or a post at these segments (after `news`), or null for the
 * site's 404: an address the section never answers, an unknown category or post, or a page of a
 * listing past its last. A post is read as its latest draft only in an editor's preview.
 */
export async function loadNewsView(segments: string[] | undefined): Promise<NewsView | null> {
  const address = newsAddressFrom(segments)
  if (!address) return null
  const path = newsAddressPath(address)
  if (address.kind === 'post') {
    const previewer = await draftPreviewer()
    const post = previewer ? await findLatestDraftPost(address.slug, previewer) : await findPublishedPost(address.slug)
    if (post) return { kind: 'post', path, post, previewing: previewer !== null }
    // The old address of a renamed post (src/content/posts/redirects.ts), or one an editor redirected.
    const location = await findRedirectLocation(path)
    if (location) permanentRedirect(location)
    return null
  }
  const category = address.kind === 'category' ? await findCategory(address.category) : null
  if (address.kind === 'category' && !category) return null
  const list = await findPostPage(address.page, category?.id)
  if (address.page > list.totalPages) return null
  return {
    kind: 'list',
    path,
    title: category ? `${NEWS_TITLE}: ${category.name}` : NEWS_TITLE,
    list,
    category,
    pathOfPage: category ? (page) => categoryPath(category.slug, page) : newsListPath,
  }
}
