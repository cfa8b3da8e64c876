import type { Header } from '@/payload-types'
import { type BusinessContact, hrefOf, linkText } from '@/content/fields/linkHref'

export type MenuEntry = { label: string; href: string }
export type MenuColumn = { heading: string | null; links: MenuEntry[] }
export type MenuItem = MenuEntry & { key: string; columns: MenuColumn[] }

/**
 * The main menu as both the header and the mobile panel render it. It is the same on every page:
 * which entry is the current page is marked where it is drawn (MenuLink).
 */
export function menuModel(header: Header, contact: BusinessContact = {}): MenuItem[] {
  return (header.items ?? []).flatMap((item, i) => {
    const href = hrefOf(item.link, contact)
    const columns = (item.columns ?? []).map((column) => ({
      heading: column.heading ?? null,
      links: (column.links ?? []).flatMap((entry) => {
        const entryHref = hrefOf(entry.link, contact)
        return entryHref ? [{ label: linkText(entry.link, contact), href: entryHref }] : []
      }),
    }))
    if (!href && !columns.length) return []
    return [{ key: item.id ?? String(i), label: linkText(item.link, contact), href: href ?? '#', columns }]
  })
}

/** The addresses of an entry's submenu, for its `active` mark. */
export function submenuHrefsOf(item: MenuItem): string[] {
  return item.columns.flatMap((column) => column.links.map((link) => link.href))
}
