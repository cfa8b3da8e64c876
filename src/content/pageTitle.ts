/** Where a page's own title goes in the title pattern. */
export const PAGE_PLACEHOLDER = '{page}'
/** Where the business name goes in the title pattern. */
export const SITE_PLACEHOLDER = '{site}'
const PLACEHOLDERS = /\{page\}|\{site\}/g
/** The title pattern until an admin sets another: the page, then the business name. */
export const DEFAULT_TITLE_TEMPLATE = `${PAGE_PLACEHOLDER} | ${SITE_PLACEHOLDER}`
/** The longest pattern the settings take: search results show about 60 characters of a title in all. */
export const TITLE_TEMPLATE_MAX_CHARS = 40

export type PageTitleParts = {
  title?: string | null
  seoTitle?: string | null
  path?: string | null
  siteName: string
  /** The settings' pattern; empty or absent: DEFAULT_TITLE_TEMPLATE. */
  template?: string | null
}

/**
 * Why a title pattern cannot be used, or null when it can: it must place the page's title and the
 * business name once each (so a rename reaches every title), and hold no other placeholder.
 */
export function titleTemplateProblem(template: string): string | null {
  const count = (placeholder: string) => template.split(placeholder).length - 1
  if (template.length > TITLE_TEMPLATE_MAX_CHARS) return `Keep the pattern to ${TITLE_TEMPLATE_MAX_CHARS} characters.`
  if (count(PAGE_PLACEHOLDER) !== 1 || count(SITE_PLACEHOLDER) !== 1)
    return `Use ${PAGE_PLACEHOLDER} and ${SITE_PLACEHOLDER} once each, for example “${DEFAULT_TITLE_TEMPLATE}”.`
  const rest = template.replace(PAGE_PLACEHOLDER, '').replace(SITE_PLACEHOLDER, '')
  if (/[{}]/.test(rest)) return `Only ${PAGE_PLACEHOLDER} and ${SITE_PLACEHOLDER} may stand in braces.`
  return null
}

/**
 * A page's title in the browser tab, search results and link previews: its SEO title (else its
 * page title) and the business name from the settings, placed by the settings' title pattern, so a
 * rename reaches every page at once. The home page without an SEO title is the business name alone.
 */
export function composePageTitle({ title, seoTitle, path, siteName, template }: PageTitleParts): string {
  const own = seoTitle?.trim() || (path === '/' ? '' : title?.trim() || '')
  const name = siteName.trim()
  if (!name) return own || title?.trim() || ''
  if (!own) return name
  const pattern = template?.trim() && !titleTemplateProblem(template.trim()) ? template.trim() : DEFAULT_TITLE_TEMPLATE
  // One pass, with a function: a `$` or a placeholder typed in a title is kept as typed.
  return pattern.replace(PLACEHOLDERS, (placeholder) => (placeholder === PAGE_PLACEHOLDER ? own : name))
}
