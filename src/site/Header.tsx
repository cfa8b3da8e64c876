import Link from 'next/link'
import type { CSSProperties } from 'react'
import type { Brand } from '@/brand/brand'
import { BrandMark } from '@/brand/BrandMark'
import { telHref } from '@/content/fields/linkHref'
import { SiteSearch } from '@/search/SiteSearch'
import { type MenuItem, submenuHrefsOf } from './menu'
import { MenuLink } from './MenuLink'

type Props = {
  items: MenuItem[]
  cta: { label: string; href: string } | null
  businessName: string
  /** The business phone from the site settings; phones get a button that calls it. */
  phone: string | null
  zIndex: number
  /** The owner's logo in place of the site's mark, when set. */
  brand: Brand
}

/** The sticky header with the main (mega) menu, rendered on the server; behaviours attach on the client. */
export function SiteHeader({ items, cta, businessName, phone, zIndex, brand }: Props) {
  return (
    <>
      <header className="site-header" style={{ '--header-z': zIndex } as CSSProperties}>
        <div
          className="container header-inner"
          // The buttons a phone's header row holds after the brand (header.css keeps their room).
          style={{ '--phone-header-buttons': phone ? 3 : 2 } as CSSProperties}
        >
          <Link className="brand" href="/">
            <BrandMark brand={brand} />
            <span className="brand-name">{businessName}</span>
          </Link>
          <nav aria-label="Main" className="main-nav">
            <ul className="menu">
              {items.map((item, i) => {
                const submenuId = `submenu-${i + 1}`
                return (
                  <li key={item.key} className={`menu-item${item.columns.length ? ' has-submenu' : ''}`}>
                    <MenuLink
                      className="menu-link"
                      href={item.href}
                      submenuHrefs={item.columns.length ? submenuHrefsOf(item) : undefined}
                      {...(item.columns.length ? { 'aria-expanded': false, 'aria-controls': submenuId } : {})}
                    >
                      {item.label}
                    </MenuLink>
                    {item.columns.length ? (
                      <div className="submenu" id={submenuId}>
                        {item.columns.map((column, c) => (
                          <div key={c} className="submenu-column">
                            {column.heading ? <p className="submenu-heading">{column.heading}</p> : null}
                            <ul>
                              {column.links.map((link) => (
                                <li key={link.href + link.label}>
                                  <MenuLink className="submenu-link" href={link.href}>
                                    {link.label}
                                  </MenuLink>
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
          {phone ? (
            <a className="header-call" href={telHref(phone)} aria-label={`Call ${phone}`}>
              <PhoneIcon />
            </a>
          ) : null}
          <button type="button" className="mobile-menu-toggle" aria-controls="mobile-menu" aria-expanded="false">
            <span className="mobile-menu-toggle-bars" aria-hidden="true" />
            <span className="mobile-menu-toggle-text">Menu</span>
          </button>
        </div>
      </header>
      {/* Takes the header's place while it is fixed, so that the page does not jump. */}
      <div className="site-header-spacer" hidden />
    </>
  )
}

/** A telephone handset, drawn in the text colour. */
function PhoneIcon() {
  return (
    <svg className="header-call-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 2.5 9.4 5.3a1 1 0 0 1 0 1.4L7.8 8.3a12 12 0 0 0 7.9 7.9l1.6-1.6a1 1 0 0 1 1.4 0l2.8 2.8a1 1 0 0 1 0 1.4l-1.9 1.9c-.8.8-2 1-3 .6A19 19 0 0 1 2.7 7.4c-.4-1-.2-2.2.6-3l1.9-1.9a1 1 0 0 1 1.4 0Z"
      />
    </svg>
  )
}
