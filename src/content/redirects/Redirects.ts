import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig } from 'payload'
import type { Redirect as RedirectDoc } from '@/payload-types'
import { isContentEditor } from '@/platform/access'
import { applyRevalidation } from '../revalidate'
import { normaliseAddress, normaliseFrom, sitePathOf, validateAddress, validateFrom, validatePage } from './validate'
import { PAGES_WITH_A_TITLE } from '../collections/pageBeingMade'

const idOf = (page: RedirectDoc['page']) => (page && typeof page === 'object' ? page.id : page)

/** A redirect's answer is cached like a page's, at its old address. */
const revalidateOldAddress: CollectionAfterChangeHook<RedirectDoc> = async ({ doc, previousDoc }) => {
  const paths = [...new Set([previousDoc?.from, doc.from].filter((path): path is string => Boolean(path)))]
  await applyRevalidation({ paths, everyPage: false, pageList: false })
  return doc
}

/** Redirects that sent visitors to this one's old address now send them where it goes: no chain. */
const collapseChainsInto: CollectionAfterChangeHook<RedirectDoc> = async ({ doc, req }) => {
  if (!doc.from) return doc
  const { docs } = await req.payload.find({
    collection: 'redirects',
    where: { and: [{ to: { equals: 'address' } }, { id: { not_equals: doc.id } }] },
    depth: 0,
    limit: 0,
    req,
  })
  const leadingHere = (docs as RedirectDoc[]).filter((other) => sitePathOf(other.address ?? '') === doc.from)
  for (const other of leadingHere) {
    await req.payload.update({
      collection: 'redirects',
      id: other.id,
      data: doc.to === 'page' ? { to: 'page', page: idOf(doc.page), address: null } : { address: doc.address },
      req,
    })
  }
  return doc
}

const revalidateDeleted: CollectionAfterDeleteHook<RedirectDoc> = async ({ doc }) => {
  if (doc.from) await applyRevalidation({ paths: [doc.from], everyPage: false, pageList: false })
  return doc
}

/** Old addresses that answer 301, to a page (renames of the page never make a chain) or to an address. */
export const Redirects: CollectionConfig = {
  slug: 'redirects',
  admin: {
    useAsTitle: 'from',
    defaultColumns: ['from', 'to', 'page', 'address', 'updatedAt'],
    description: 'Old addresses that send visitors (and search engines, with a 301) somewhere else.',
  },
  access: { read: isContentEditor, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  hooks: { afterChange: [collapseChainsInto, revalidateOldAddress], afterDelete: [revalidateDeleted] },
  fields: [
    {
      name: 'from',
      label: 'Old address',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      hooks: { beforeValidate: [({ value }) => normaliseFrom(value)] },
      validate: validateFrom as never,
      admin: { description: 'A path on this site, such as /old-services/title-search.' },
    },
    {
      name: 'to',
      label: 'Send visitors to',
      type: 'radio',
      required: true,
      defaultValue: 'page',
      options: [
        { label: 'A page', value: 'page' },
        { label: 'An address', value: 'address' },
      ],
    },
    {
      name: 'page',
      type: 'relationship',
      relationTo: 'pages',
      filterOptions: PAGES_WITH_A_TITLE,
      validate: validatePage as never,
      admin: { condition: (_, siblingData) => siblingData?.to === 'page' },
    },
    {
      name: 'address',
      type: 'text',
      // Stored as a browser will read it, so that every check (loops included) sees the same address.
      hooks: { beforeValidate: [({ value }) => normaliseAddress(value)] },
      validate: validateAddress as never,
      admin: {
        condition: (_, siblingData) => siblingData?.to === 'address',
        description: 'A path on this site (/contact) or a full address elsewhere (https://…).',
      },
    },
  ],
}
