import type { UIFieldServerProps } from 'payload'
import { menuUsesOf, type MenuUse } from './menuLinks'

const MENU_SLUGS = { Header: 'header', Footer: 'footer' } as const

/** Shown in a page's sidebar when the header or footer links to it, with a way to each menu. */
export async function InMenusNote({ id, payload, req }: UIFieldServerProps) {
  if (id === undefined || id === null) return null
  const [header, footer] = await Promise.all([
    payload.findGlobal({ slug: 'header', depth: 0, overrideAccess: true, req }),
    payload.findGlobal({ slug: 'footer', depth: 0, overrideAccess: true, req }),
  ])
  const uses = menuUsesOf(header, footer, id)
  if (!uses.length) return null
  const adminRoute = payload.config.routes.admin
  const hrefOf = (use: MenuUse) => `${adminRoute}/globals/${MENU_SLUGS[use.menu]}`
  return (
    <div className="in-menus-note field-type" style={{ marginBottom: '1.5rem' }}>
      <p className="field-label">In menus:</p>
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        {uses.map((use, i) => (
          <li key={i}>
            <a href={hrefOf(use)}>{[use.menu, ...use.trail].join(' › ')}</a>
          </li>
        ))}
      </ul>
      <p className="field-description">
        In the trash, this page is left out of these entries until it is restored. Deleting this page for good removes
        these entries from the menus.
      </p>
    </div>
  )
}
