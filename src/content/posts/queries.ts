// The news as visitors read it: published posts only (Payload's read access leaves out drafts and
// the trash), newest first.
import type { Payload, Where } from 'payload'
import { cache } from 'react'
import type { Category, Post, User } from '@/payload-types'
import { getPayloadClient } from '@/platform/sitePayload'
import { NEWS_FEED_SIZE, NEWS_PAGE_SIZE } from './addresses'
import { CATEGORIES_SLUG } from './Categories'
import { POSTS_SLUG } from './Posts'

/** Newest first; posts of one moment in the order they were made. */
const NEWEST_FIRST = ['-publishedAt', '-createdAt']
const PUBLISHED: Where = { _status: { equals: 'published' } }

/** What a list of posts shows of each: no body. */
const LISTED = {
  title: true,
  slug: true,
  summary: true,
  heroImage: true,
  publishedAt: true,
  updatedAt: true,
  categories: true,
  authorName: true,
} as const

export type ListedPost = Pick<
  Post,
  'id' | 'title' | 'slug' | 'summary' | 'heroImage' | 'publishedAt' | 'updatedAt' | 'categories' | 'authorName'
>

export type PostPage = { posts: ListedPost[]; page: number; totalPages: number }

async function readPosts(payload: Payload, where: Where, limit: number, page = 1): Promise<PostPage> {
  const found = await payload.find({
    collection: POSTS_SLUG,
    where: { and: [PUBLISHED, where] },
    select: LISTED,
    sort: NEWEST_FIRST,
    depth: 1,
    limit,
    page,
    overrideAccess: false,
  })
  return { posts: found.docs as ListedPost[], page, totalPages: Math.max(1, found.totalPages) }
}

/** One page of the news listing, NEWS_PAGE_SIZE posts. */
export const readPostPage = (payload: Payload, page: number, categoryId?: number | string): Promise<PostPage> =>
  readPosts(payload, categoryId === undefined ? {} : { categories: { in: [categoryId] } }, NEWS_PAGE_SIZE, page)

/** The newest `count` posts, for a "Latest posts" block. */
export const readLatestPosts = async (payload: Payload, count: number): Promise<ListedPost[]> =>
  (await readPosts(payload, {}, count)).posts

/** The category with this slug, or null. */
export async function readCategory(payload: Payload, slug: string): Promise<Category | null> {
  const { docs } = await payload.find({
    collection: CATEGORIES_SLUG,
    where: { slug: { equals: slug } },
    depth: 0,
    limit: 1,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

/** The published post with this slug, its images and categories with it, or null. */
export async function readPublishedPost(payload: Payload, slug: string): Promise<Post | null> {
  const { docs } = await payload.find({
    collection: POSTS_SLUG,
    where: { and: [PUBLISHED, { slug: { equals: slug } }] },
    depth: 2,
    limit: 1,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

/** The newest NEWS_FEED_SIZE posts, whole, for the feed. */
export async function readFeedPosts(payload: Payload): Promise<Post[]> {
  const { docs } = await payload.find({
    collection: POSTS_SLUG,
    where: PUBLISHED,
    sort: NEWEST_FIRST,
    depth: 1,
    limit: NEWS_FEED_SIZE,
    overrideAccess: false,
  })
  return docs
}

/** A published post as the sitemap lists it: its address, its date, and its categories' slugs. */
export type MappedPost = Pick<Post, 'id' | 'slug' | 'updatedAt'> & {
  categories?: (number | Pick<Category, 'id' | 'slug'>)[] | null
}

/** Every published post's address, date and categories, for the sitemap. */
export async function readPublishedPostList(payload: Payload): Promise<MappedPost[]> {
  const { docs } = await payload.find({
    collection: POSTS_SLUG,
    where: PUBLISHED,
    select: { slug: true, updatedAt: true, categories: true },
    populate: { [CATEGORIES_SLUG]: { slug: true } },
    sort: NEWEST_FIRST,
    depth: 1,
    limit: 0,
    pagination: false,
    overrideAccess: false,
  })
  return docs as MappedPost[]
}

export const findPostPage = cache(async (page: number, categoryId?: number | string) =>
  readPostPage(await getPayloadClient(), page, categoryId),
)
export const findLatestPosts = cache(async (count: number) => readLatestPosts(await getPayloadClient(), count))
export const findCategory = cache(async (slug: string) => readCategory(await getPayloadClient(), slug))
export const findPublishedPost = cache(async (slug: string) => readPublishedPost(await getPayloadClient(), slug))
export const listFeedPosts = async () => readFeedPosts(await getPayloadClient())
export const listPublishedPosts = async () => readPublishedPostList(await getPayloadClient())

/** The latest draft of the post with this slug, as the previewing editor may read it. */
export const findLatestDraftPost = cache(async (slug: string, previewer: User): Promise<Post | null> => {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: POSTS_SLUG,
    where: { slug: { equals: slug } },
    draft: true,
    depth: 2,
    limit: 1,
    overrideAccess: false,
    user: previewer,
  })
  return docs[0] ?? null
})
