import type { Form, Media, Page } from '@/payload-types'

/**
 * Seed content names the documents it links to by key; the seed runner swaps each marker for
 * the id of the document it created under that key.
 */
export const PAGE_REF_PREFIX = '@page:'
export const MEDIA_REF_PREFIX = '@media:'
export const FORM_REF_PREFIX = '@form:'

export type PageRef = `${typeof PAGE_REF_PREFIX}${string}`
export type MediaRef = `${typeof MEDIA_REF_PREFIX}${string}`
export type FormRef = `${typeof FORM_REF_PREFIX}${string}`

/** A page by its path without the leading slash, e.g. "services/lien-search"; "home" is the home page. */
export const pageRef = (key: string): PageRef => `${PAGE_REF_PREFIX}${key}`
export const mediaRef = (key: string): MediaRef => `${MEDIA_REF_PREFIX}${key}`
export const formRef = (key: string): FormRef => `${FORM_REF_PREFIX}${key}`

/** The marker accepted where T holds an id of a page, an image or a form. */
type RefFor<T> = Page extends T ? PageRef : Media extends T ? MediaRef : Form extends T ? FormRef : never

/**
 * Data of the generated type T as seed content writes it: wherever T takes a page, an image or
 * a form (an id, or the document itself), a marker naming it by key is accepted instead.
 */
export type SeedData<T> = number extends T
  ? T | RefFor<T>
  : T extends (infer Item)[]
    ? SeedData<Item>[]
    : T extends object
      ? { [Key in keyof T]: SeedData<T[Key]> }
      : T

/** A global's data as an editor fills it in, without the stored id and timestamps. */
export type GlobalData<T> = Omit<T, 'id' | 'updatedAt' | 'createdAt'>

export type SeedPage = {
  /** The page's path without the leading slash ("home" for /). */
  key: string
  title: string
  slug: string
  /** Key of the parent page. */
  parent?: string
  seo?: SeedData<Page['seo']>
  layout: SeedData<Page['layout']>
}

export type SeedImage = {
  key: string
  alt: string
  filename: string
  /** An SVG document, rasterised to PNG by sharp at seed time. */
  svg: string
}
