import type { UIFieldServerProps } from 'payload'
import { menuUsesOf } from '../menus/menuLinks'

/** How many of the redirects' old addresses the note names before it says "and N more". */
const NAMED_REDIRECTS = 5

type PageRef = { id: number | string; path?: string | null; title?: string | null } | number | string | null | undefined

const pathOf = (page: PageRef) => (page && typeof page === 'object' ? page.path || page.title || null : null)

const entries = (count: number) => (count === 1 ? 'Its menu entry is' : `Its ${count} menu entries are`)

/**
 * Under the "send its address to…" choice: what moving this page to the trash, and then deleting
 * it for good, does to links, as saved. In the trash its address and the redirects that lead here
 * answer 404 and its menu entries are left out, all kept for a restore; deleted for good, its
 * address answers 301 to the chosen page or 404, the redirects follow it there or go, and its menu
 * entries are removed. (Payload's delete dialog cannot say it; the menus' own note names the entries.)
 */
export async function DeletionNote({ id, payload, req }: UIFieldServerProps) {
  if (id === undefined || id === null) return null
  const page = await payload.findByID({
    collection: 'pages',
    id,
    depth: 1,
    draft: true,
    trash: true,
    overrideAccess: true,
    req,
  })
  const target = pathOf(page.redirectOnDelete as PageRef)
  const [{ docs: redirects, totalDocs }, header, footer] = await Promise.all([
    payload.find({
      collection: 'redirects',
      where: { page: { equals: id } },
      depth: 0,
      limit: NAMED_REDIRECTS,
      overrideAccess: true,
      req,
    }),
    payload.findGlobal({ slug: 'header', depth: 0, overrideAccess: true, req }),
    payload.findGlobal({ slug: 'footer', depth: 0, overrideAccess: true, req }),
  ])
  const menuEntries = menuUsesOf(header, footer, id).length
  const inTrash = Boolean(page.deletedAt)
  const address = page.path ? <code>{page.path}</code> : 'Its address'
  const redirectList =
    totalDocs > 0 ? (
      <>
        {totalDocs === 1 ? 'The redirect' : `The ${totalDocs} redirects`} from{' '}
        {redirects.map((redirect, i) => (
          <span key={redirect.id}>
            {i > 0 && ', '}
            <code>{redirect.from}</code>
          </span>
        ))}
        {totalDocs > redirects.length && ` and ${totalDocs - redirects.length} more`}
      </>
    ) : null
  return (
    <div className="deletion-note field-type" style={{ marginBottom: '1.5rem' }}>
      <p className="field-label">{inTrash ? 'In the trash:' : 'If this page is moved to the trash:'}</p>
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        <li>{address} answers 404 until it is restored.</li>
        {redirectList && (
          <li>
            {redirectList} {totalDocs === 1 ? 'answers' : 'answer'} 404 until it is restored.
          </li>
        )}
        {menuEntries > 0 && <li>{entries(menuEntries)} left out of the menus until it is restored.</li>}
        <li>Restoring brings it back as it was, with its address, redirects and menu entries.</li>
      </ul>
      <p className="field-label" style={{ marginTop: '0.75rem' }}>
        {inTrash ? 'If it is deleted for good:' : 'If this page is deleted for good:'}
      </p>
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        <li>
          {address} {target ? <>answers 301 to {target}</> : <>answers 404 (choose a page above to send it on)</>}.
        </li>
        {redirectList && (
          <li>
            {redirectList} {target ? <>will lead to {target}</> : <>will be deleted with it</>}.
          </li>
        )}
        {menuEntries > 0 && <li>{entries(menuEntries)} removed from the menus.</li>}
      </ul>
    </div>
  )
}
