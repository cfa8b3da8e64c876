import type { Payload, Where } from 'payload'
import { backupDirFrom } from '../../scripts/lib/backupArchives.mjs'
import { AGENT_CONSOLE_PATH } from '@/chat/admin/AgentConsoleLink'
import { INBOX_VIEWS, whereQuery } from '@/contact/inbox/views'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { BACKUP_WARN_AGE_HOURS, lastBackup } from '@/operations/doctor/backups'
import { CERTIFICATE_WARN_DAYS, certificateDaysLeft } from '@/operations/doctor/certificate'
import { mailRoute } from '@/platform/mailTransport'
import type { User } from '@/payload-types'

/** The admin's address of the submissions list, filtered as one of the inbox's views. */
const SUBMISSIONS_PATH = '/admin/collections/form-submissions'
const PAGES_PATH = '/admin/collections/pages'
const SETTINGS_PATH = '/admin/globals/site-settings'
const USERS_PATH = '/admin/collections/users'
/** A page saved within this of its creation was not reviewed since the seed made it. */
const SAVED_WITH_ITS_CREATION_MS = 2_000
/** The most pages the checklist reads to see which were reviewed (a starting site has about a dozen). */
const PAGES_READ_MAX = 200

/** Something the owner may need to act on: how many, and where to see them. */
export type Waiting = { count: number; href: string }

/** One step of a fresh site's first day, ticked by what the site holds, not by a click. */
export type ChecklistItem = { key: string; label: string; done: boolean; href: string }

/** What the dashboard says at a glance; null where this account may not see it or the instance does not know. */
export type Glance = {
  newLeads: Waiting | null
  stuckLeads: Waiting | null
  waitingChats: Waiting | null
  mail: 'smtp' | 'outbox'
  backup: { ageHours: number; stale: boolean } | 'none' | null
  certificate: { daysLeft: number; soon: boolean } | null
  checklist: ChecklistItem[]
}

const inboxView = (key: string) => INBOX_VIEWS.find((view) => view.key === key)!

/** How many documents `user` may read that match `where`; null when they may read none of the collection. */
async function countFor(
  payload: Payload,
  user: User,
  collection: 'form-submissions' | 'chat-conversations',
  where: Where,
) {
  try {
    return (await payload.count({ collection, where, user, overrideAccess: false })).totalDocs
  } catch {
    return null
  }
}

/** The last backup this instance can see (BACKUP_DIR, else the checkout's backups folder). */
function backupState(env: Record<string, string | undefined>, root: string, now: Date): Glance['backup'] {
  try {
    const last = lastBackup(backupDirFrom(env, root), now)
    if (!last) return 'none'
    const ageHours = last.ageSeconds / 3600
    return { ageHours, stale: ageHours > BACKUP_WARN_AGE_HOURS }
  } catch {
    return null
  }
}

function certificateState(file: string | undefined, now: Date): Glance['certificate'] {
  if (!file) return null
  try {
    const { daysLeft } = certificateDaysLeft(file, now)
    return { daysLeft: Math.floor(daysLeft), soon: daysLeft < CERTIFICATE_WARN_DAYS }
  } catch {
    return null
  }
}

/** Pages never saved again since they were made (the seeded ones until the owner has read each). */
async function unreviewedPages(payload: Payload): Promise<number> {
  const pages = await payload.find({
    collection: 'pages',
    depth: 0,
    limit: PAGES_READ_MAX,
    pagination: false,
    overrideAccess: true,
    select: { createdAt: true, updatedAt: true },
  })
  return pages.docs.filter(
    (page) => Date.parse(page.updatedAt) - Date.parse(page.createdAt) < SAVED_WITH_ITS_CREATION_MS,
  ).length
}

/** What a fresh site needs before it is open for business, each ticked by what is saved. */
async function firstDayChecklist(payload: Payload, env: Record<string, string | undefined>): Promise<ChecklistItem[]> {
  const [settings, unreviewed, agents] = await Promise.all([
    readSiteSettings(payload),
    unreviewedPages(payload),
    payload.count({ collection: 'users', where: { roles: { contains: 'agent' } }, overrideAccess: true }),
  ])
  return [
    {
      key: 'phone',
      label: 'Add the business phone',
      done: Boolean(settings.business.phone?.trim()),
      href: SETTINGS_PATH,
    },
    {
      key: 'hours',
      label: 'Set the opening hours',
      done: (settings.business.openingHours?.length ?? 0) > 0,
      href: SETTINGS_PATH,
    },
    {
      key: 'mail',
      label: 'Connect a mail server (SMTP_URL)',
      done: mailRoute(env.SMTP_URL) === 'smtp',
      href: '#mail-not-sent-heading',
    },
    {
      key: 'pages',
      label: unreviewed ? `Review the starting pages (${unreviewed} not saved since)` : 'Review the starting pages',
      done: unreviewed === 0,
      href: PAGES_PATH,
    },
    { key: 'agent', label: 'Add a chat agent', done: agents.totalDocs > 0, href: `${USERS_PATH}/create` },
  ]
}

/** Everything the dashboard shows, read for `user` at `now`. */
export async function readGlance(
  payload: Payload,
  user: User,
  {
    env = process.env,
    root = process.cwd(),
    now = new Date(),
  }: { env?: Record<string, string | undefined>; root?: string; now?: Date } = {},
): Promise<Glance> {
  const [newCount, heldCount, failedCount, chatCount, checklist] = await Promise.all([
    countFor(payload, user, 'form-submissions', inboxView('new').where),
    countFor(payload, user, 'form-submissions', inboxView('held').where),
    countFor(payload, user, 'form-submissions', inboxView('failed').where),
    countFor(payload, user, 'chat-conversations', { status: { equals: 'queued' } }),
    firstDayChecklist(payload, env),
  ])
  const viewHref = (key: string) => `${SUBMISSIONS_PATH}?${whereQuery(inboxView(key).where)}`
  return {
    newLeads: newCount === null ? null : { count: newCount, href: viewHref('new') },
    stuckLeads:
      heldCount === null || failedCount === null
        ? null
        : { count: heldCount + failedCount, href: viewHref(failedCount ? 'failed' : 'held') },
    waitingChats: chatCount === null ? null : { count: chatCount, href: AGENT_CONSOLE_PATH },
    mail: mailRoute(env.SMTP_URL),
    backup: backupState(env, root, now),
    certificate: certificateState(env.TLS_CERT_FILE, now),
    checklist,
  }
}
