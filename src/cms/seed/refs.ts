/**
 * Seed content names the documents it links to by key; the seed runner swaps each marker for
 * the id of the document it created under that key.
 */
export const PAGE_REF_PREFIX = '@page:'
export const MEDIA_REF_PREFIX = '@media:'
export const FORM_REF_PREFIX = '@form:'

/** A page by its path without the leading slash, e.g. "services/lien-search"; "home" is the home page. */
export const pageRef = (key: string) => `${PAGE_REF_PREFIX}${key}`
export const mediaRef = (key: string) => `${MEDIA_REF_PREFIX}${key}`
export const formRef = (key: string) => `${FORM_REF_PREFIX}${key}`

export type SeedPage = {
  /** The page's path without the leading slash ("home" for /). */
  key: string
  title: string
  slug: string
  /** Key of the parent page. */
  parent?: string
  seo?: { title?: string; description?: string; image?: string }
  layout: Record<string, unknown>[]
}

export type SeedImage = {
  key: string
  alt: string
  filename: string
  /** An SVG document, rasterised to PNG by sharp at seed time. */
  svg: string
}
