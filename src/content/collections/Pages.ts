import type {
  Block,
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  PayloadRequest,
} from 'payload'
import { NotFound, ValidationError } from 'payload'
import { pagePreviewAdmin } from '../preview/adminPreview'
import { ONLY_IMAGES } from '../fields/uploadKinds'
import { inMenusField } from '../menus/inMenusField'
import { removeDeletedPageFromMenus } from '../menus/hooks'
import { rememberWhatVisitorsSaw, revalidateChangedPage, revalidateDeletedPage } from '../revalidate'
import {
  addressRefusal,
  pageSlugField,
  refuseDuplicateAddress,
  requireTitleAndSlug,
  type SlugAddressCheck,
} from './pageAddress'
import { keepFamilyTogether, keepPublishedCopyInTrash, restoreAsChosen } from './pageTrash'
import { publishedContentAccess, publishedContentVersions } from './publishing'
import { deleteAbandonedPagesBeingMade, otherTitledPages, PAGES_WITH_A_TITLE } from './pageBeingMade'
import { parentId } from './pageParent'

export { SLUG_PATTERN } from './pageAddress'
import {
  deletionNoteField,
  redirectDeletedPath,
  redirectOldPath,
  redirectOnDeleteField,
  rememberPublicPath,
  repointRedirectsToDeletedPage,
} from '../redirects/pageHooks'

export const HOME_SLUG = 'home'
/** Deepest nesting of pages, which also stops a loop of parents. */
export const MAX_PAGE_DEPTH = 6

type PageRef = { id: number | string; slug?: string | null; path?: string | null; parent?: unknown }

/** The public path of a page: its parents' slugs, then its own; the root home page is "/". */
export async function pathFor(
  req: PayloadRequest,
  slug: string,
  parent: unknown,
  selfId?: number | string,
): Promise<string> {
  const slugs = [slug]
  let next = parentId(parent)
  while (next !== null) {
    if (selfId !== undefined && String(next) === String(selfId)) {
      throw new ValidationError({ errors: [{ path: 'parent', message: 'A page cannot be its own parent.' }] })
    }
    if (slugs.length > MAX_PAGE_DEPTH) {
      throw new ValidationError({ errors: [{ path: 'parent', message: `Pages nest at most ${MAX_PAGE_DEPTH} deep.` }] })
    }
    // Within the caller's transaction, so that a parent created in it is found.
    // A parent in the trash still names its children's addresses (it may be restored).
    const doc = (await req.payload.findByID({
      collection: 'pages',
      id: next,
      depth: 0,
      draft: true,
      trash: true,
      req,
    })) as PageRef
    slugs.unshift(String(doc.slug))
    next = parentId(doc.parent)
  }
  if (slugs.length === 1 && slug === HOME_SLUG) return '/'
  return '/' + slugs.join('/')
}

const computePath: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const slug = data.slug ?? originalDoc?.slug
  const parent = 'parent' in data ? data.parent : originalDoc?.parent
  if (typeof slug === 'string') data.path = await pathFor(req, slug, parent, originalDoc?.id)
  return data
}

/**
 * The slug's own check of the address it makes with the page's parent. A parent that cannot be
 * followed (a loop, too deep, gone) is said beside the parent by the save's hooks, so not here.
 */
const slugAddressCheck: SlugAddressCheck = async (slug, { data, id, req }) => {
  const path = await pathFor(req, slug, data?.parent, id).catch((error: unknown) => {
    if (error instanceof ValidationError || error instanceof NotFound) return undefined
    throw error
  })
  return path === undefined ? undefined : addressRefusal(req, path, id)
}

/** When a page moves or is renamed, its children follow. */
const updateChildPaths: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (!previousDoc || previousDoc.path === doc.path) return doc
  const children = await req.payload.find({
    collection: 'pages',
    where: { parent: { equals: doc.id } },
    depth: 0,
    draft: true,
    limit: 0,
    req,
  })
  for (const child of children.docs) {
    // Saving the child recomputes its path; a published child stays published.
    await req.payload.update({
      collection: 'pages',
      id: child.id,
      data: { slug: child.slug },
      draft: child._status !== 'published',
      req,
    })
  }
  return doc
}

/**
 * The pages collection, its layout made of `layoutBlocks`: the blocks are composed in by the
 * configuration (src/payload.config.ts), so the content model does not import the page elements.
 */
export const pagesCollection = (layoutBlocks: Block[]): CollectionConfig => ({
  slug: 'pages',
  // Deleting moves a page to the trash first (a deletedAt date); ./pageTrash.ts says what that does.
  trash: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'path', '_status', 'updatedAt'],
    ...pagePreviewAdmin,
    // A page still being made (no title yet) is in no list (./pageBeingMade.ts).
    baseFilter: () => PAGES_WITH_A_TITLE,
  },
  access: publishedContentAccess,
  versions: publishedContentVersions,
  hooks: {
    beforeValidate: [requireTitleAndSlug, restoreAsChosen],
    beforeChange: [
      keepFamilyTogether,
      keepPublishedCopyInTrash,
      computePath,
      refuseDuplicateAddress,
      rememberPublicPath,
      rememberWhatVisitorsSaw,
    ],
    afterChange: [updateChildPaths, redirectOldPath, revalidateChangedPage, deleteAbandonedPagesBeingMade],
    beforeDelete: [repointRedirectsToDeletedPage],
    afterDelete: [redirectDeletedPath, revalidateDeletedPage, removeDeletedPageFromMenus],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    {
      type: 'tabs',
      tabs: [
        {
          label: 'Content',
          fields: [{ name: 'layout', type: 'blocks', blocks: layoutBlocks, required: true, minRows: 1 }],
        },
        {
          label: 'SEO',
          name: 'seo',
          fields: [
            {
              name: 'searchPreview',
              type: 'ui',
              admin: { components: { Field: '/content/admin/SeoPreviewField#SeoPreviewField' } },
            },
            {
              name: 'title',
              type: 'text',
              maxLength: 70,
              admin: {
                description:
                  'The title shown in search results and link previews, without the business name: the name from Site settings is added after it. When empty, the page title is used.',
              },
            },
            { name: 'description', type: 'textarea', maxLength: 170 },
            {
              name: 'image',
              type: 'upload',
              relationTo: 'media',
              filterOptions: ONLY_IMAGES,
              admin: { description: 'Open Graph image for link previews.' },
            },
          ],
        },
      ],
    },
    pageSlugField(undefined, slugAddressCheck),
    {
      name: 'parent',
      type: 'relationship',
      relationTo: 'pages',
      admin: { position: 'sidebar' },
      filterOptions: otherTitledPages,
    },
    { name: 'path', type: 'text', unique: true, index: true, admin: { position: 'sidebar', readOnly: true } },
    inMenusField,
    redirectOnDeleteField,
    deletionNoteField,
  ],
})
