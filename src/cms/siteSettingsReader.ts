import type { Payload } from 'payload'
import type { SiteSetting } from '@/payload-types'
import { onRevalidated } from './revalidate'

/** How long an instance reuses the settings it read, unless an edit made here clears them sooner. */
export const SITE_SETTINGS_MEMO_MS = 1_000

type Memo = { settings: Promise<SiteSetting>; since: number }
/** One per Payload instance (a process has one; a test may start several). */
const memos = new Map<Payload, Memo>()
onRevalidated(() => memos.clear())

/**
 * The whole site-settings document, secrets included, for the server's own code: read at most
 * once a second per instance however many requests ask, and again at once after an edit here
 * (each capability maps it to its own typed settings; never send it to a browser as it is).
 * A failed read is not kept: the next call tries again.
 */
export function readSiteSettings(payload: Payload, now = Date.now()): Promise<SiteSetting> {
  const memo = memos.get(payload)
  if (memo && now - memo.since < SITE_SETTINGS_MEMO_MS) return memo.settings
  const current: Memo = {
    settings: payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true }),
    since: now,
  }
  memos.set(payload, current)
  current.settings.catch(() => {
    if (memos.get(payload) === current) memos.delete(payload)
  })
  return current.settings
}
