import { type MenuItem, submenuHrefsOf } from './menu'
import { MenuLink } from './MenuLink'

/**
 * The slide-in panel for narrow and touch screens: a copy of the main menu, submenus expandable.
 * A closed <dialog> is not drawn, and its toggle shows only once scripts run.
 */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  return (
    <dialog id="mobile-menu" className="mobile-menu" aria-label="Menu">
      <div className="mobile-menu-overlay" data-mobile-menu-close="" aria-hidden="true" />
      <div className="mobile-menu-panel">
        <button type="button" className="mobile-menu-close" data-mobile-menu-close="">
          Close menu
        </button>
        <nav aria-label="Main, mobile">
          <ul className="mobile-menu-list">
            {items.map((item, i) => {
              const listId = `mobile-submenu-${i + 1}`
              const links = item.columns.flatMap((column) => column.links)
              return (
                <li key={item.key}>
                  <div className="mobile-menu-row">
                    <MenuLink href={item.href} submenuHrefs={links.length ? submenuHrefsOf(item) : undefined}>
                      {item.label}
                    </MenuLink>
                    {links.length ? (
                      <button
                        type="button"
                        className="mobile-submenu-toggle"
                        aria-expanded="false"
                        aria-controls={listId}
                        aria-label={`${item.label}: more links`}
                      />
                    ) : null}
                  </div>
                  {links.length ? (
                    <ul id={listId} className="mobile-submenu" hidden>
                      {links.map((link) => (
                        <li key={link.href + link.label}>
                          <MenuLink href={link.href}>{link.label}</MenuLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </nav>
      </div>
    </dialog>
  )
}
