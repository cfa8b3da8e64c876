import type { Category } from '@/payload-types'
import { categoryPath, postPath } from '@/content/posts/addresses'
import type { ListedPost } from '@/content/posts/queries'
import { MediaImage } from '../Media'
import { formatPostDate } from './postDate'

/** Cards are a third of the container from tablet widths, the full width on phones. */
const CARD_IMAGE_SIZES = '(min-width: 768px) 33vw, 100vw'

/** A post's categories, each a link to its listing; nothing when it has none. */
export function PostCategories({ categories }: { categories: ListedPost['categories'] }) {
  const named = (categories ?? []).filter(
    (category): category is Category => typeof category === 'object' && category !== null,
  )
  if (!named.length) return null
  return (
    <ul className="post-categories" aria-label="Categories">
      {named.map((category) => (
        <li key={category.id}>
          <a href={categoryPath(category.slug)}>{category.name}</a>
        </li>
      ))}
    </ul>
  )
}

/**
 * Posts as cards: image, title (the link), date, summary, categories. Server-rendered, no script.
 * `leadsPage`: the list is the page's first content (the news listing), so its first card's image is
 * what a visitor sees first (the page's largest paint): loaded at once, at high priority, without the
 * fade of images further down.
 */
export function PostList({
  posts,
  headingLevel = 'h2',
  leadsPage = false,
}: {
  posts: ListedPost[]
  headingLevel?: 'h2' | 'h3'
  leadsPage?: boolean
}) {
  const Heading = headingLevel
  return (
    <ul className="post-list" role="list">
      {posts.map((post, index) => (
        <li key={post.id} className="post-card">
          {post.heroImage ? (
            <MediaImage
              media={post.heroImage}
              sizes={CARD_IMAGE_SIZES}
              priority={leadsPage && index === 0}
              className="post-card-image"
            />
          ) : null}
          <Heading className="post-card-title h4">
            <a href={postPath(post.slug ?? '')}>{post.title}</a>
          </Heading>
          {post.publishedAt ? (
            <time className="post-date" dateTime={post.publishedAt}>
              {formatPostDate(post.publishedAt)}
            </time>
          ) : null}
          {post.summary ? <p className="post-card-summary">{post.summary}</p> : null}
          <PostCategories categories={post.categories} />
        </li>
      ))}
    </ul>
  )
}
