import type { CollectionConfig } from 'payload'
import { anyone, isContentEditor } from '@/platform/access'
import { applyRevalidation } from '../revalidate'
import { SLUG_PATTERN } from '../sitePath'
import { slugifyTitle } from '../fields/slugFromTitle'

export const CATEGORIES_SLUG = 'categories'

/**
 * A category's name is on every post of it, in the news listings, in pages holding the latest
 * posts (any page), and in the feed's entries.
 */
const revalidateWhereCategoriesShow = async <T>({ doc }: { doc: T }): Promise<T> => {
  await applyRevalidation({ paths: [], everyPage: true, pageList: false, postList: true })
  return doc
}

/** A news category: its name shows on posts, its slug names its listing (/news/category/<slug>). */
export const Categories: CollectionConfig = {
  slug: CATEGORIES_SLUG,
  labels: { singular: 'News category', plural: 'News categories' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug'], group: 'News' },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  hooks: {
    beforeValidate: [
      ({ data }) =>
        data && !data.slug && typeof data.name === 'string' ? { ...data, slug: slugifyTitle(data.name) } : data,
    ],
    afterChange: [revalidateWhereCategoriesShow],
    afterDelete: [revalidateWhereCategoriesShow],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 60 },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lower-case words joined by dashes; empty: made from the name.' },
      validate: (value: unknown) =>
        typeof value === 'string' && SLUG_PATTERN.test(value)
          ? true
          : 'Use lower-case letters, digits and single dashes.',
    },
  ],
}
