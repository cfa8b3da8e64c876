// The news as an Atom feed (RFC 4287): the newest posts, with absolute addresses, every text escaped.
import type { Category, Post } from '@/payload-types'
import { NEWS_FEED_PATH, NEWS_PATH, postPath } from '@/content/posts/addresses'
import { absoluteUrl } from '@/platform/siteUrl'
import { escapeHtml } from '@/security/html'

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8'

/** Characters XML 1.0 does not allow in a document at all, even escaped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Text as an XML element's content or a quoted attribute's value. */
const xmlText = (value: string) => escapeHtml(value.replace(NOT_XML, ''))

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`

const categoriesOf = (post: Post): Category[] =>
  (post.categories ?? []).filter((category): category is Category => typeof category === 'object' && category !== null)

function entry(post: Post, siteName: string): string {
  const url = absoluteUrl(postPath(post.slug ?? ''))
  const published = post.publishedAt ?? post.createdAt
  return [
    '<entry>',
    element('title', post.title),
    element('id', url),
    `<link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    element('published', new Date(published).toISOString()),
    element('updated', new Date(post.updatedAt).toISOString()),
    `<author>${element('name', post.authorName || siteName)}</author>`,
    ...categoriesOf(post).map(
      (category) => `<category term="${xmlText(category.slug)}" label="${xmlText(category.name)}"/>`,
    ),
    post.summary ? element('summary', post.summary) : '',
    '</entry>',
  ].join('')
}

/**
 * The feed of these posts (newest first, as read), named after the business. Its date is the
 * newest change of a post in it; an empty feed is dated `now`.
 */
export function atomFeed(posts: Post[], siteName: string, now = new Date()): string {
  const updated = posts.reduce((latest, post) => Math.max(latest, Date.parse(post.updatedAt)), 0)
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element('title', `${siteName}: news`),
    element('id', absoluteUrl(NEWS_PATH)),
    `<link rel="self" type="application/atom+xml" href="${xmlText(absoluteUrl(NEWS_FEED_PATH))}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(absoluteUrl(NEWS_PATH))}"/>`,
    element('updated', new Date(updated || now.getTime()).toISOString()),
    `<author>${element('name', siteName)}</author>`,
    ...posts.map((post) => entry(post, siteName)),
    '</feed>',
  ].join('\n')
}
