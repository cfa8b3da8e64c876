import Link from 'next/link'
import type { CSSProperties } from 'react'
import { SiteSearch } from '@/search/SiteSearch'
import type { MenuItem } from './menu'

type Props = { items: MenuItem[]; cta: { label: string; href: string } | null; businessName: string; zIndex: number }

/** The sticky header with the main (mega) menu, rendered on the server; behaviours attach on the client. */
export function SiteHeader({ items, cta, businessName, zIndex }: Props) {
  return (
    <>
      <header className="site-header" style={{ '--header-z': zIndex } as CSSProperties}>
        <div className="container header-inner">
          <Link className="brand" href="/">
            <span className="brand-mark" aria-hidden="true" />
            <span className="brand-name">{businessName}</span>
          </Link>
          <nav aria-label="Main" className="main-nav">
            <ul className="menu">
              {items.map((item, i) => {
                const submenuId = `submenu-${i + 1}`
                return (
                  <li key={item.key} className={`menu-item${item.columns.length ? ' has-submenu' : ''}`}>
                    <a
                      className={`menu-link${item.active ? ' active' : ''}`}
                      href={item.href}
                      aria-current={item.current ? 'page' : undefined}
                      {...(item.columns.length ? { 'aria-expanded': false, 'aria-controls': submenuId } : {})}
                    >
                      {item.label}
                    </a>
                    {item.columns.length ? (
                      <div className="submenu" id={submenuId}>
                        {item.columns.map((column, c) => (
                          <div key={c} className="submenu-column">
                            {column.heading ? <p className="submenu-heading">{column.heading}</p> : null}
                            <ul>
                              {column.links.map((link) => (
                                <li key={link.href + link.label}>
                                  <a
                                    className={`submenu-link${link.current ? ' active' : ''}`}
                                    href={link.href}
                                    aria-current={link.current ? 'page' : undefined}
                                  >
                                    {link.label}
                                  </a>
                                </li>
                              ))}
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
          <SiteSearch />
          {cta ? (
            <a className="button header-cta" href={cta.href}>
              {cta.label}
            </a>
          ) : null}
          <button type="button" className="mobile-menu-toggle" aria-controls="mobile-menu" aria-expanded="false">
            <span className="mobile-menu-toggle-bars" aria-hidden="true" />
            Menu
          </button>
        </div>
      </header>
      {/* Takes the header's place while it is fixed, so that the page does not jump. */}
      <div className="site-header-spacer" hidden />
    </>
  )
}
