import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { ValidationError } from 'payload'
import { previewAdminFor } from '../preview/adminPreview'
import { rememberWhatVisitorsSaw } from '../revalidate'
import { pageSlugField, requireTitleAndSlug } from '../collections/pageAddress'
import { deleteAbandonedPagesBeingMade, PAGES_WITH_A_TITLE } from '../collections/pageBeingMade'
import { keepPublishedCopyInTrash, restoreAsChosen } from '../collections/pageTrash'
import { publishedContentAccess, publishedContentVersions } from '../collections/publishing'
import { postPath, RESERVED_POST_SLUGS } from './addresses'
import { CATEGORIES_SLUG } from './Categories'
import { redirectOldPostAddress, rememberPublicSlug } from './redirects'
import { revalidateChangedPost, revalidateDeletedPost } from './revalidation'

export const POSTS_SLUG = 'posts'

export const postSlugTakenMessage = (slug: string) =>
  `Another post (perhaps one in the trash) already has the address ${postPath(slug)}. Choose another slug.`
export const reservedPostSlugMessage = (slug: string) =>
  `"${slug}" names the news section's own pages; choose another slug.`

/** Two posts at one address, or one at an address of the news section itself: said on the slug. */
const refuseTakenSlug: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const slug = data.slug
  if (typeof slug !== 'string') return data
  if (RESERVED_POST_SLUGS.includes(slug))
    throw new ValidationError({ errors: [{ path: 'slug', message: reservedPostSlugMessage(slug) }] })
  const { totalDocs } = await req.payload.count({
    collection: POSTS_SLUG,
    where: { and: [{ slug: { equals: slug } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
    // A post in the trash keeps its address for a restore.
    trash: true,
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) throw new ValidationError({ errors: [{ path: 'slug', message: postSlugTakenMessage(slug) }] })
  return data
}

type Author = { name?: string | null; displayName?: string | null } | null

/**
 * Visitors cannot read accounts, so the author's name is copied onto the post as it is saved; a
 * post's date is that of its first publish unless the editor sets one.
 */
const nameAuthorAndDate: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const author = 'author' in data ? data.author : originalDoc?.author
  const authorId = author && typeof author === 'object' ? (author as { id: unknown }).id : author
  if (authorId === null || authorId === undefined || authorId === '') data.authorName = null
  else {
    const account = (await req.payload.findByID({
      collection: 'users',
      id: authorId as number,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as Author
    data.authorName = account?.name?.trim() || account?.displayName?.trim() || null
  }
  if (data._status === 'published' && !data.publishedAt && !originalDoc?.publishedAt)
    data.publishedAt = new Date().toISOString()
  return data
}

const pathOfPost = (doc: Record<string, unknown> | undefined) =>
  typeof doc?.slug === 'string' && doc.slug ? postPath(doc.slug) : null

/** News, guides and market updates: listed at /news, each at /news/<slug>. */
export const Posts: CollectionConfig = {
  slug: POSTS_SLUG,
  labels: { singular: 'News post', plural: 'News posts' },
  // Deleting moves a post to the trash first, as pages do (src/content/collections/pageTrash.ts).
  trash: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'publishedAt', '_status', 'updatedAt'],
    group: 'News',
    ...previewAdminFor(pathOfPost),
    // A post being made (no title yet) is in no list, as with pages.
    baseFilter: () => PAGES_WITH_A_TITLE,
  },
  access: publishedContentAccess,
  versions: publishedContentVersions,
  defaultSort: '-publishedAt',
  hooks: {
    beforeValidate: [requireTitleAndSlug, restoreAsChosen],
    beforeChange: [
      keepPublishedCopyInTrash,
      refuseTakenSlug,
      nameAuthorAndDate,
      rememberPublicSlug,
      rememberWhatVisitorsSaw,
    ],
    afterChange: [redirectOldPostAddress, revalidateChangedPost, deleteAbandonedPagesBeingMade],
    afterDelete: [revalidateDeletedPost],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    {
      name: 'summary',
      type: 'textarea',
      maxLength: 300,
      admin: { description: 'A sentence or two: shown in the lists, the feed and link previews.' },
    },
    {
      name: 'heroImage',
      label: 'Hero image',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Shown above the post, on its card in the lists, and in link previews.' },
    },
    { name: 'body', label: 'Article', type: 'richText' },
    pageSlugField('Lower-case words joined by dashes: the post is at /news/<slug>.'),
    {
      name: 'publishedAt',
      label: 'Publish date',
      type: 'date',
      index: true,
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Shown on the post and orders the news. Empty: the date it is first published.',
      },
    },
    {
      name: 'categories',
      type: 'relationship',
      relationTo: CATEGORIES_SLUG,
      hasMany: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'author',
      type: 'relationship',
      relationTo: 'users',
      defaultValue: ({ user }: { user?: { id?: unknown } | null }) => user?.id,
      admin: { position: 'sidebar' },
    },
    { name: 'authorName', type: 'text', admin: { hidden: true } },
  ],
}
