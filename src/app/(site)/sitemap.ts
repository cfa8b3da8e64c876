import type { MetadataRoute } from 'next'
import { unstable_cache } from 'next/cache'
import { categoryPath, NEWS_PATH, postPath } from '@/content/posts/addresses'
import { listPublishedPosts, type MappedPost } from '@/content/posts/queries'
import { listPublishedPages } from '@/content/queries'
import { PUBLISHED_PAGES_TAG, PUBLISHED_POSTS_TAG } from '@/content/revalidate'
import { absoluteUrl } from '@/platform/siteUrl'

export const dynamic = 'force-dynamic'

/** The list is read from the database once per publish, unpublish, rename, move or delete. */
const publishedPages = unstable_cache(listPublishedPages, ['sitemap-published-pages'], {
  tags: [PUBLISHED_PAGES_TAG],
  revalidate: 86400,
})

/** The same for the news posts, once per change of a published post or of a category. */
const publishedPosts = unstable_cache(listPublishedPosts, ['sitemap-published-posts'], {
  tags: [PUBLISHED_POSTS_TAG],
  revalidate: 86400,
})

/** Each category holding a published post, dated by the newest change among its posts. */
function categoryEntries(posts: MappedPost[]): MetadataRoute.Sitemap {
  const modified = new Map<string, number>()
  for (const post of posts)
    for (const category of post.categories ?? []) {
      if (typeof category !== 'object' || !category.slug) continue
      modified.set(category.slug, Math.max(modified.get(category.slug) ?? 0, Date.parse(post.updatedAt)))
    }
  return [...modified].map(([slug, at]) => ({ url: absoluteUrl(categoryPath(slug)), lastModified: new Date(at) }))
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [pages, posts] = await Promise.all([publishedPages(), publishedPosts()])
  const pageEntries = pages
    .filter((page) => page.path)
    .map((page) => ({ url: absoluteUrl(page.path as string), lastModified: new Date(page.updatedAt) }))
  const postEntries = posts
    .filter((post) => post.slug)
    .map((post) => ({ url: absoluteUrl(postPath(post.slug as string)), lastModified: new Date(post.updatedAt) }))
  // The news listing changes with its newest post.
  const news = { url: absoluteUrl(NEWS_PATH), ...(posts[0] ? { lastModified: new Date(posts[0].updatedAt) } : {}) }
  return [...pageEntries, news, ...postEntries, ...categoryEntries(posts)]
}
