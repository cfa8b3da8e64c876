// What the header and footer say about pages: where a page is used, and the menus without the
// entries that point at pages that are gone. Pure, so the hooks and the admin note share it.

/** A link group as stored (src/content/fields/link.ts): the page is an id, or a page when read with depth. */
export type MenuLink = { label?: string | null; kind?: string | null; page?: unknown } | null | undefined
type LinkRow = { id?: string | null; link?: MenuLink }
type Column = { id?: string | null; heading?: string | null; links?: LinkRow[] | null }
type HeaderItem = { id?: string | null; link?: MenuLink; columns?: Column[] | null }
export type HeaderData = {
  items?: HeaderItem[] | null
  cta?: { show?: boolean | null; link?: MenuLink } | null
}
export type FooterData = { columns?: Column[] | null }

export type MenuName = 'Header' | 'Footer'
/** One place a page is linked from: the menu and the labels leading to the entry. */
export type MenuUse = { menu: MenuName; trail: string[] }

export const CTA_TRAIL_LABEL = 'Call to action'

/** The id of the page a link stores, whatever its kind (a page chosen before switching to an address stays stored). */
export function storedPageId(link: MenuLink): string | null {
  const page = link?.page
  if (page === null || page === undefined || page === '') return null
  if (typeof page === 'object') {
    const id = (page as { id?: unknown }).id
    return id === null || id === undefined ? null : String(id)
  }
  return String(page)
}

/** The page a link leads to: only a link of the page kind (the default kind) leads to its stored page. */
export function linkedPageId(link: MenuLink): string | null {
  return (link?.kind ?? 'page') === 'page' ? storedPageId(link) : null
}

const labelOf = (link: MenuLink) => link?.label?.trim() || '(no label)'

/** Every entry of the header and footer that leads to the page, in the order the menus show them. */
export function menuUsesOf(header: HeaderData, footer: FooterData, pageId: string | number): MenuUse[] {
  const id = String(pageId)
  const uses: MenuUse[] = []
  for (const item of header.items ?? []) {
    if (linkedPageId(item.link) === id) uses.push({ menu: 'Header', trail: [labelOf(item.link)] })
    for (const column of item.columns ?? []) {
      for (const row of column.links ?? []) {
        if (linkedPageId(row.link) === id) uses.push({ menu: 'Header', trail: [labelOf(item.link), labelOf(row.link)] })
      }
    }
  }
  if (linkedPageId(header.cta?.link) === id) {
    uses.push({ menu: 'Header', trail: [CTA_TRAIL_LABEL, labelOf(header.cta?.link)] })
  }
  for (const column of footer.columns ?? []) {
    for (const row of column.links ?? []) {
      if (linkedPageId(row.link) === id) {
        uses.push({ menu: 'Footer', trail: [column.heading?.trim() || '(no heading)', labelOf(row.link)] })
      }
    }
  }
  return uses
}

/** Every page id the menus store, to check in one query which of them still exist. */
export function storedPageIds(header: HeaderData | null, footer: FooterData | null): string[] {
  const links: MenuLink[] = [
    ...(header?.items ?? []).flatMap((item) => [
      item.link,
      ...(item.columns ?? []).flatMap((column) => (column.links ?? []).map((row) => row.link)),
    ]),
    header?.cta?.link,
    ...(footer?.columns ?? []).flatMap((column) => (column.links ?? []).map((row) => row.link)),
  ]
  return [...new Set(links.map(storedPageId).filter((id): id is string => id !== null))]
}

/**
 * Which stored links lead nowhere: one whose page is gone, or a page link left without a page by
 * an earlier deletion (the database empties the reference when the page row goes).
 */
export type DeadLinkRule = { isGone: (pageId: string) => boolean; isEmptiedRow: (rowId: string | null) => boolean }
/** The cleaned menu and how many entries were taken out of it. */
export type Cleaned<T> = { data: T; removed: number }

const isEmptyPageLink = (link: MenuLink) => (link?.kind ?? 'page') === 'page' && storedPageId(link) === null

/** The link without a stored page that is gone, and whether it now leads nowhere. */
function cleanLink(link: MenuLink, rowId: string | null, rule: DeadLinkRule) {
  const stored = storedPageId(link)
  if (stored !== null && rule.isGone(stored)) {
    return { link: { ...link, page: null }, leadsNowhere: linkedPageId(link) !== null, changed: true }
  }
  return { link, leadsNowhere: isEmptyPageLink(link) && rule.isEmptiedRow(rowId), changed: false }
}

/** The call to action is no row; this names it among the rows a deletion emptied. */
const CTA_ROW_ID = 'cta'

const rowIdOf = (row: { id?: unknown }) => (typeof row.id === 'string' ? row.id : null)

function cleanRows(rows: LinkRow[] | null | undefined, rule: DeadLinkRule, count: { removed: number }) {
  if (!rows) return rows
  return rows.flatMap((row) => {
    const { link, leadsNowhere, changed } = cleanLink(row.link, rowIdOf(row), rule)
    if (leadsNowhere) {
      count.removed++
      return []
    }
    return [changed ? { ...row, link } : row]
  })
}

/** The columns with their dead links taken out; a header column (at least one link) goes with its last link. */
function cleanColumns(
  columns: Column[] | null | undefined,
  rule: DeadLinkRule,
  count: { removed: number },
  { dropEmptied }: { dropEmptied: boolean },
) {
  return columns?.flatMap((column) => {
    if (!column.links) return [column]
    const links = cleanRows(column.links, rule, count)
    return dropEmptied && column.links.length && !links?.length ? [] : [{ ...column, links }]
  })
}

/**
 * The header without the entries that lead nowhere. A top-level item that has columns keeps them
 * and becomes a heading without a link (its columns still lead to other pages); one without
 * columns goes. A call to action that led nowhere is hidden and left without a page.
 */
export function headerWithout<T extends HeaderData>(header: T, rule: DeadLinkRule): Cleaned<T> {
  const count = { removed: 0 }
  const data: T = { ...header }
  if (header.items) {
    data.items = header.items.flatMap((item) => {
      const columns = cleanColumns(item.columns, rule, count, { dropEmptied: true })
      const { link, leadsNowhere, changed } = cleanLink(item.link, rowIdOf(item), rule)
      if (leadsNowhere && !columns?.length) {
        count.removed++
        return []
      }
      if (leadsNowhere && changed) count.removed++
      return [{ ...item, link, ...(columns ? { columns } : {}) }]
    })
  }
  // A call to action never filled in (no label: a new site's header) is not an entry to clean.
  if (header.cta?.link?.label) {
    const { link, leadsNowhere, changed } = cleanLink(header.cta.link, CTA_ROW_ID, rule)
    const hides = leadsNowhere && header.cta.show !== false
    if (hides) count.removed++
    if (changed || hides) data.cta = { ...header.cta, link, ...(hides ? { show: false } : {}) }
  }
  return { data, removed: count.removed }
}

/** The footer without the links that lead nowhere; the other links keep their order. */
export function footerWithout<T extends FooterData>(footer: T, rule: DeadLinkRule): Cleaned<T> {
  const count = { removed: 0 }
  const data: T = { ...footer }
  if (footer.columns) data.columns = cleanColumns(footer.columns, rule, count, { dropEmptied: false })
  return { data, removed: count.removed }
}

/** The ids of the rows that hold a page link without a page, as saved. */
export function emptiedRowIds(header: HeaderData | null, footer: FooterData | null): Set<string> {
  const rows: { id?: unknown; link?: MenuLink }[] = [
    ...(header?.items ?? []).flatMap((item) => [item, ...(item.columns ?? []).flatMap((column) => column.links ?? [])]),
    ...(footer?.columns ?? []).flatMap((column) => column.links ?? []),
  ]
  const ids = rows.flatMap((row) => (isEmptyPageLink(row.link) && rowIdOf(row) ? [rowIdOf(row)!] : []))
  if (header?.cta?.link && isEmptyPageLink(header.cta.link) && header.cta.show !== false) ids.push(CTA_ROW_ID)
  return new Set(ids)
}
