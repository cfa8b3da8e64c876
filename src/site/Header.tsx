import Link from 'next/link'
import type { CSSProperties } from 'react'
import type { Header as HeaderData } from '@/payload-types'
import { hrefOf } from './links'

type Props = { header: HeaderData; businessName: string; currentPath: string; zIndex: number }

const isCurrent = (href: string | null, currentPath: string) => href !== null && href === currentPath

/** The sticky header with the main (mega) menu, rendered on the server; behaviours attach on the client. */
export function SiteHeader({ header, businessName, currentPath, zIndex }: Props) {
  const items = header.items ?? []
  const ctaHref = header.cta?.show ? hrefOf(header.cta.link) : null
  return (
    <header className="site-header" style={{ '--header-z': zIndex } as CSSProperties}>
      <div className="container header-inner">
        <Link className="brand" href="/">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{businessName}</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul className="menu">
            {items.map((item, i) => {
              const href = hrefOf(item.link)
              const columns = item.columns ?? []
              const submenuId = `submenu-${i + 1}`
              const childActive = columns.some((column) =>
                (column.links ?? []).some((entry) => isCurrent(hrefOf(entry.link), currentPath)),
              )
              const active = isCurrent(href, currentPath) || childActive
              return (
                <li key={item.id ?? i} className={`menu-item${columns.length ? ' has-submenu' : ''}`}>
                  <a
                    className={`menu-link${active ? ' active' : ''}`}
                    href={href ?? '#'}
                    aria-current={isCurrent(href, currentPath) ? 'page' : undefined}
                    {...(columns.length ? { 'aria-expanded': false, 'aria-controls': submenuId } : {})}
                  >
                    {item.link.label}
                  </a>
                  {columns.length ? (
                    <div className="submenu" id={submenuId}>
                      {columns.map((column, c) => (
                        <div key={column.id ?? c} className="submenu-column">
                          {column.heading ? <p className="submenu-heading">{column.heading}</p> : null}
                          <ul>
                            {(column.links ?? []).map((entry, e) => {
                              const entryHref = hrefOf(entry.link)
                              if (!entryHref) return null
                              const current = isCurrent(entryHref, currentPath)
                              return (
                                <li key={entry.id ?? e}>
                                  <a
                                    className={`submenu-link${current ? ' active' : ''}`}
                                    href={entryHref}
                                    aria-current={current ? 'page' : undefined}
                                  >
                                    {entry.link.label}
                                  </a>
                                </li>
                              )
                            })}
                          </ul>
                        </div>
                      ))}
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </nav>
        {ctaHref ? (
          <a className="button header-cta" href={ctaHref}>
            {header.cta?.link?.label}
          </a>
        ) : null}
      </div>
    </header>
  )
}
