import { composePageTitle } from '../pageTitle'
/** About what a search engine shows of a title and a description before it cuts them off. */
export const SEARCH_TITLE_SHOWN_CHARS = 60
export const SEARCH_DESCRIPTION_SHOWN_CHARS = 158

export type SearchPreviewInput = {
  title?: unknown
  seoTitle?: unknown
  seoDescription?: unknown
  path?: unknown
  siteName: string
  /** The settings' page title pattern. */
  titleTemplate?: string | null
  tagline: string
  origin: string
}

export type SearchPreview = {
  title: string
  url: string
  description: string
  titleCut: boolean
  descriptionCut: boolean
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function cut(value: string, max: number): [string, boolean] {
  if (value.length <= max) return [value, false]
  return [value.slice(0, max - 1).trimEnd() + '…', true]
}

/**
 * A page as a search result, by the rules the site's pages use for their head (src/site/metadata.ts
 * and composePageTitle): the SEO title or page title with the business name after it, and an empty
 * description falls back to the tagline.
 */
export function searchPreview(input: SearchPreviewInput): SearchPreview {
  const path = text(input.path) || '/'
  const pageTitle = text(input.title) || 'Untitled page'
  const fullTitle = composePageTitle({
    title: pageTitle,
    seoTitle: text(input.seoTitle),
    // A page not saved yet has no address: it is not the home page.
    path: text(input.path),
    siteName: input.siteName,
    template: input.titleTemplate,
  })
  const [title, titleCut] = cut(fullTitle, SEARCH_TITLE_SHOWN_CHARS)
  const [description, descriptionCut] = cut(text(input.seoDescription) || input.tagline, SEARCH_DESCRIPTION_SHOWN_CHARS)
  const url = `${input.origin.replace(/\/$/, '')}${path === '/' ? '' : path.split('/').join(' › ')}`
  return { title, url, description, titleCut, descriptionCut }
}
