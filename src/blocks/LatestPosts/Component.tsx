import type { LatestPostsBlock as LatestPostsBlockData } from '@/payload-types'
import { NEWS_PATH } from '@/content/posts/addresses'
import { findLatestPosts } from '@/content/posts/queries'
import { LATEST_POSTS_DEFAULT_COUNT, LATEST_POSTS_MAX_COUNT, LATEST_POSTS_MIN_COUNT } from './config'
import { PostList } from './PostList'

const clampCount = (count: number | null | undefined) =>
  Math.min(LATEST_POSTS_MAX_COUNT, Math.max(LATEST_POSTS_MIN_COUNT, Math.round(count ?? LATEST_POSTS_DEFAULT_COUNT)))

/** The newest posts, read as the page renders (a publish revalidates every page: src/content/posts/revalidation.ts). */
export async function LatestPostsBlock({ block }: { block: LatestPostsBlockData }) {
  const posts = await findLatestPosts(clampCount(block.count))
  if (posts.length === 0) return null
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <PostList posts={posts} headingLevel={block.heading ? 'h3' : 'h2'} />
      <p className="post-list-more">
        <a href={NEWS_PATH}>All news</a>
      </p>
    </div>
  )
}
