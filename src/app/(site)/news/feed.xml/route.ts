import { unstable_cache } from 'next/cache'
import { listFeedPosts } from '@/content/posts/queries'
import { lastKnownBusiness } from '@/content/lastKnownBusiness'
import { getPublicSiteSettings } from '@/content/queries'
import { PUBLISHED_POSTS_TAG } from '@/content/revalidate'
import { ATOM_CONTENT_TYPE, atomFeed } from '@/news/feed'

// As the sitemap: read per request from a list cached until a post changes (nothing at build).
export const dynamic = 'force-dynamic'

const feedPosts = unstable_cache(listFeedPosts, ['news-feed-posts'], { tags: [PUBLISHED_POSTS_TAG], revalidate: 86400 })

export async function GET(): Promise<Response> {
  const [posts, settings] = await Promise.all([feedPosts(), getPublicSiteSettings()])
  // A site not yet set up has no name in its settings: the feed still needs one.
  const siteName = settings.business?.name || lastKnownBusiness().name
  return new Response(atomFeed(posts, siteName), { headers: { 'Content-Type': ATOM_CONTENT_TYPE } })
}
