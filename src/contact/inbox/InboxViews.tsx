import type { ServerProps } from 'payload'
import { INBOX_VIEWS, whereQuery } from './views'

/** Above the submissions list: the inbox's views, each a link to the filtered list with its count. */
export async function InboxViews({ payload }: ServerProps) {
  const counts = await Promise.all(
    INBOX_VIEWS.map(
      async (view) =>
        (await payload.count({ collection: 'form-submissions', where: view.where, overrideAccess: true })).totalDocs,
    ),
  )
  return (
    <nav
      aria-label="Inbox views"
      className="inbox-views"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginBottom: '1rem' }}
    >
      {INBOX_VIEWS.map((view, index) => (
        <a
          key={view.key}
          className="btn btn--style-secondary btn--size-small"
          style={{ margin: 0 }}
          href={`/admin/collections/form-submissions?${whereQuery(view.where)}`}
          data-view={view.key}
        >
          {view.label} <span className="inbox-views__count">{counts[index]}</span>
        </a>
      ))}
    </nav>
  )
}
