/** What goes between a page's own title and the business name in its composed title. */
export const TITLE_SEPARATOR = ' | '

export type PageTitleParts = { title?: string | null; seoTitle?: string | null; path?: string | null; siteName: string }

/**
 * A page's title in the browser tab, search results and link previews: its SEO title (else its
 * page title), then the business name from the settings, so a rename reaches every page at once.
 * The home page without an SEO title is the business name alone.
 */
export function composePageTitle({ title, seoTitle, path, siteName }: PageTitleParts): string {
  const own = seoTitle?.trim() || (path === '/' ? '' : title?.trim() || '')
  const name = siteName.trim()
  if (!name) return own || title?.trim() || ''
  return own ? `${own}${TITLE_SEPARATOR}${name}` : name
}
