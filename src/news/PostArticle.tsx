import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { MediaImage } from '@/blocks/Media'
import { formatPostDate } from '@/blocks/LatestPosts/postDate'
import { RichTextContent } from '@/blocks/RichText/RichTextContent'
import { PostCategories } from '@/blocks/LatestPosts/PostList'
import type { Post } from '@/payload-types'
import { NEWS_PATH } from '@/content/posts/addresses'

/** The hero spans the article's column: the container's width at most. */
const HERO_SIZES = '(min-width: 1200px) 1140px, 100vw'

/** A post: its title, date, author and categories, its image, then its body. Server-rendered, no script. */
export function PostArticle({ post }: { post: Post }) {
  return (
    <article className="container post">
      <header className="post-header">
        <p className="post-back">
          <a href={NEWS_PATH}>News</a>
        </p>
        <h1 className="page-title">{post.title}</h1>
        <p className="post-meta">
          {post.publishedAt ? (
            <time className="post-date" dateTime={post.publishedAt}>
              {formatPostDate(post.publishedAt)}
            </time>
          ) : null}
          {post.authorName ? <span className="post-author"> · {post.authorName}</span> : null}
        </p>
        <PostCategories categories={post.categories} />
      </header>
      {post.heroImage ? <MediaImage media={post.heroImage} sizes={HERO_SIZES} priority className="post-hero" /> : null}
      {post.summary ? <p className="lead">{post.summary}</p> : null}
      {post.body ? <RichTextContent data={post.body as unknown as SerializedEditorState} /> : null}
    </article>
  )
}
