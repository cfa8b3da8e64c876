// The addresses of the news section: its listing, its pages of older posts, a category's listing,
// a post, the feed. One route (src/app/(site)/news/[[...rest]]) answers them all from these rules.
import { SLUG_PATTERN } from '../sitePath'

/** Where the news section lives. */
export const NEWS_PATH = '/news'
/** The Atom feed of the newest posts. */
export const NEWS_FEED_PATH = `${NEWS_PATH}/feed.xml`
/** Posts on each page of a listing (the news, a category). */
export const NEWS_PAGE_SIZE = 10
/** Posts in the feed: the newest. */
export const NEWS_FEED_SIZE = 20

/** The segment before a listing's page number (`/news/page/2`) and before a category's slug. */
const PAGE_SEGMENT = 'page'
const CATEGORY_SEGMENT = 'category'

/** Slugs a post cannot take: the listing's own segments, which would hide the post. */
export const RESERVED_POST_SLUGS: readonly string[] = [PAGE_SEGMENT, CATEGORY_SEGMENT]

/** A page number in an address: digits, no leading zero. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/

export type NewsAddress =
  { kind: 'list'; page: number } | { kind: 'category'; category: string; page: number } | { kind: 'post'; slug: string }

const withPage = (base: string, page: number) => (page > 1 ? `${base}/${PAGE_SEGMENT}/${page}` : base)

export const postPath = (slug: string): string => `${NEWS_PATH}/${slug}`
export const newsListPath = (page = 1): string => withPage(NEWS_PATH, page)
export const categoryPath = (slug: string, page = 1): string =>
  withPage(`${NEWS_PATH}/${CATEGORY_SEGMENT}/${slug}`, page)

/** A listing's page number after `page`, or null when it is not one (page 1 has no number: its address is the listing's). */
function pageNumber(segments: string[]): number | null {
  if (segments.length === 0) return 1
  if (segments.length !== 2 || segments[0] !== PAGE_SEGMENT || !PAGE_NUMBER.test(segments[1])) return null
  const page = Number(segments[1])
  return page > 1 ? page : null
}

/** What an address under /news names (the segments after `news`), or null for one the section never answers. */
export function newsAddressFrom(segments: string[] | undefined): NewsAddress | null {
  const rest = segments ?? []
  if (rest.length === 1 && SLUG_PATTERN.test(rest[0]) && !RESERVED_POST_SLUGS.includes(rest[0]))
    return { kind: 'post', slug: rest[0] }
  if (rest[0] === CATEGORY_SEGMENT) {
    const [, category, ...paging] = rest
    const page = pageNumber(paging)
    return category && SLUG_PATTERN.test(category) && page ? { kind: 'category', category, page } : null
  }
  const page = pageNumber(rest)
  return page ? { kind: 'list', page } : null
}

/** The path of an address, as newsAddressFrom reads it. */
export function newsAddressPath(address: NewsAddress): string {
  if (address.kind === 'post') return postPath(address.slug)
  if (address.kind === 'category') return categoryPath(address.category, address.page)
  return newsListPath(address.page)
}
