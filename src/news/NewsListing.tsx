import { PostList } from '@/blocks/LatestPosts/PostList'
import { NEWS_FEED_PATH, NEWS_PATH } from '@/content/posts/addresses'
import type { NewsView } from './view'

/** What an empty listing says. */
export const NO_NEWS_YET = 'No news yet. Check back soon.'
export const NO_POSTS_IN_CATEGORY = 'No posts in this category yet.'

type ListView = Extract<NewsView, { kind: 'list' }>

/** Newer and older pages of a listing, as plain links. */
function Pagination({ view }: { view: ListView }) {
  const { page, totalPages } = view.list
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages of posts">
      {page > 1 ? (
        <a href={view.pathOfPage(page - 1)} rel="prev">
          Newer posts
        </a>
      ) : null}
      <span className="pagination-status">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <a href={view.pathOfPage(page + 1)} rel="next">
          Older posts
        </a>
      ) : null}
    </nav>
  )
}

/** The news, or a category of it: one page of posts, newest first. Server-rendered, no script. */
export function NewsListing({ view }: { view: ListView }) {
  const { posts } = view.list
  return (
    <div className="container news">
      <h1 className="page-title">{view.title}</h1>
      {view.category ? (
        <p>
          <a href={NEWS_PATH}>All news</a>
        </p>
      ) : null}
      {posts.length ? (
        <PostList posts={posts} leadsPage />
      ) : (
        <p className="news-empty">{view.category ? NO_POSTS_IN_CATEGORY : NO_NEWS_YET}</p>
      )}
      <Pagination view={view} />
      <p className="news-feed-link">
        <a href={NEWS_FEED_PATH} type="application/atom+xml">
          News feed (Atom)
        </a>
      </p>
    </div>
  )
}
