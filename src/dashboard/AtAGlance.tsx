import type { ServerProps } from 'payload'
import type { CSSProperties, ReactNode } from 'react'
import type { User } from '@/payload-types'
import { AT_A_GLANCE_HEADING, FIRST_DAY_HEADING } from './constants'
import { type Glance, readGlance } from './glance'

const CARD: CSSProperties = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-s)',
  padding: '0.75rem 1rem',
  marginBottom: '1.5rem',
}
const WARN: CSSProperties = { color: 'var(--theme-warning-750, var(--theme-text))', fontWeight: 600 }
/** Read by screen readers, not shown: what a tick or a circle says. */
const SCREEN_READER_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

function hoursAgo(hours: number): string {
  if (hours < 1) return 'less than an hour ago'
  if (hours < 48) return `${plural(Math.floor(hours), 'hour', 'hours')} ago`
  return `${plural(Math.floor(hours / 24), 'day', 'days')} ago`
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <span style={{ minWidth: '10rem' }}>{label}</span>
      <span>{children}</span>
    </li>
  )
}

/** The rows of what needs attention now; each one the account may see, each with where to act. */
function GlanceRows({ glance }: { glance: Glance }) {
  const { newLeads, stuckLeads, waitingChats, mail, backup, certificate } = glance
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.4rem' }}>
      {newLeads && (
        <Row label="New contact requests">
          <a href={newLeads.href}>{plural(newLeads.count, 'new request', 'new requests')}</a>
        </Row>
      )}
      {stuckLeads && stuckLeads.count > 0 && (
        <Row label="Not delivered">
          <a href={stuckLeads.href} style={WARN}>
            {plural(stuckLeads.count, 'request held or failed', 'requests held or failed')}
          </a>
        </Row>
      )}
      {waitingChats && (
        <Row label="Chats waiting">
          <a href={waitingChats.href}>{plural(waitingChats.count, 'visitor waiting', 'visitors waiting')}</a>
        </Row>
      )}
      <Row label="Mail">
        {mail === 'smtp' ? 'sent through your mail server' : <span style={WARN}>only written to the outbox</span>}
      </Row>
      {backup && (
        <Row label="Last backup">
          {backup === 'none' ? (
            <span style={WARN}>none yet (npm run backup)</span>
          ) : (
            <span style={backup.stale ? WARN : undefined}>{hoursAgo(backup.ageHours)}</span>
          )}
        </Row>
      )}
      {certificate && (
        <Row label="Certificate">
          <span style={certificate.soon ? WARN : undefined}>
            {certificate.daysLeft < 0 ? 'expired' : `${plural(certificate.daysLeft, 'day', 'days')} left`}
          </span>
        </Row>
      )}
      <Row label="The site">
        <a href="/" target="_blank" rel="noopener">
          View the site
        </a>
      </Row>
    </ul>
  )
}

/**
 * The top of the admin's dashboard: what needs attention (new and undelivered contact requests,
 * waiting chats, whether mail goes out, the last backup, the certificate) and, until each is done,
 * the first-day checklist, each step ticked by what the site holds.
 */
export async function AtAGlance({ payload, user }: ServerProps) {
  if (!user) return null
  const glance = await readGlance(payload, user as User)
  const open = glance.checklist.filter((item) => !item.done)
  return (
    <>
      <section aria-labelledby="at-a-glance-heading" className="at-a-glance" style={CARD}>
        <h2 id="at-a-glance-heading" style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
          {AT_A_GLANCE_HEADING}
        </h2>
        <GlanceRows glance={glance} />
      </section>
      {open.length > 0 && (
        <section aria-labelledby="first-day-heading" className="first-day" style={CARD}>
          <h2 id="first-day-heading" style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
            {FIRST_DAY_HEADING} ({glance.checklist.length - open.length} of {glance.checklist.length} done)
          </h2>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.4rem' }}>
            {glance.checklist.map((item) => (
              <li key={item.key} data-done={item.done || undefined}>
                <span aria-hidden="true">{item.done ? '✓ ' : '○ '}</span>
                <span style={SCREEN_READER_ONLY}>{item.done ? 'Done: ' : 'To do: '}</span>
                {item.done ? item.label : <a href={item.href}>{item.label}</a>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
