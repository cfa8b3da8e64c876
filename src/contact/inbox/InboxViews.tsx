import type { ServerProps } from 'payload'
import { InboxViewLink } from './InboxViewLink'
import { INBOX_VIEWS, whereQuery } from './views'

/** Above the submissions list: the inbox's views, each a link to the filtered list with its count; the one shown is marked. */
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
        <InboxViewLink key={view.key} viewKey={view.key} query={whereQuery(view.where)}>
          {view.label} <span className="inbox-views__count">{counts[index]}</span>
        </InboxViewLink>
      ))}
    </nav>
  )
}
