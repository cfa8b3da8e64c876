import type { UIFieldServerProps } from 'payload'

/** How many of the redirects' old addresses the note names before it says "and N more". */
const NAMED_REDIRECTS = 5

type PageRef = { id: number | string; path?: string | null; title?: string | null } | number | string | null | undefined

const pathOf = (page: PageRef) => (page && typeof page === 'object' ? page.path || page.title || null : null)

/**
 * Under the "send its address to…" choice: what deleting this page does to links, as saved. Its
 * address answers 301 to the chosen page or 404, and the redirects that lead here follow it to the
 * chosen page or go. (Payload's delete dialog cannot say it; the menus' own note lists menu entries.)
 */
export async function DeletionNote({ id, payload, req }: UIFieldServerProps) {
  if (id === undefined || id === null) return null
  const page = await payload.findByID({ collection: 'pages', id, depth: 1, draft: true, overrideAccess: true, req })
  const target = pathOf(page.redirectOnDelete as PageRef)
  const { docs: redirects, totalDocs } = await payload.find({
    collection: 'redirects',
    where: { page: { equals: id } },
    depth: 0,
    limit: NAMED_REDIRECTS,
    overrideAccess: true,
    req,
  })
  const address = page.path ? <code>{page.path}</code> : 'Its address'
  return (
    <div className="deletion-note field-type" style={{ marginBottom: '1.5rem' }}>
      <p className="field-label">If this page is deleted:</p>
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        <li>
          {address} {target ? <>answers 301 to {target}</> : <>answers 404 (choose a page above to send it on)</>}.
        </li>
        {totalDocs > 0 && (
          <li>
            {totalDocs === 1 ? 'The redirect' : `The ${totalDocs} redirects`} from{' '}
            {redirects.map((redirect, i) => (
              <span key={redirect.id}>
                {i > 0 && ', '}
                <code>{redirect.from}</code>
              </span>
            ))}
            {totalDocs > redirects.length && ` and ${totalDocs - redirects.length} more`}{' '}
            {target ? <>will lead to {target}</> : <>will be deleted with it</>}.
          </li>
        )}
      </ul>
    </div>
  )
}
