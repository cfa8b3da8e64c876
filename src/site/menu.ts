import type { Header } from '@/payload-types'
import { type BusinessContact, hrefOf, linkText } from '@/content/fields/linkHref'

export type MenuLink = { label: string; href: string; current: boolean }
export type MenuColumn = { heading: string | null; links: MenuLink[] }
export type MenuItem = MenuLink & { key: string; active: boolean; columns: MenuColumn[] }

/** The main menu as both the header and the mobile panel render it. */
export function menuModel(header: Header, currentPath: string, contact: BusinessContact = {}): MenuItem[] {
  return (header.items ?? []).flatMap((item, i) => {
    const href = hrefOf(item.link, contact)
    const columns = (item.columns ?? []).map((column) => ({
      heading: column.heading ?? null,
      links: (column.links ?? []).flatMap((entry) => {
        const entryHref = hrefOf(entry.link, contact)
        return entryHref
          ? [{ label: linkText(entry.link, contact), href: entryHref, current: entryHref === currentPath }]
          : []
      }),
    }))
    if (!href && !columns.length) return []
    const current = href === currentPath
    return [
      {
        key: item.id ?? String(i),
        label: linkText(item.link, contact),
        href: href ?? '#',
        current,
        active: current || columns.some((column) => column.links.some((link) => link.current)),
        columns,
      },
    ]
  })
}
