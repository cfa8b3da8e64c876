import type { Payload } from 'payload'
import type { SiteSetting } from '@/payload-types'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { processWide } from '@/platform/processWide'
import { onRevalidated } from './revalidate'

/** How long an instance reuses the settings it read, unless an edit made here clears them sooner (see src/platform/caches.ts). */
export const SITE_SETTINGS_MEMO_MS = SHORT_CACHE_MS.siteSettings

type Memo = { settings: Promise<SiteSetting>; since: number; generation: number }

/**
 * One state per process: Next bundles each route (and the server's start-up work) with its own
 * copy of this module, and a read made for one route serves the others.
 */
type ReaderState = {
  /** Per Payload (a test may start several): the last read, shared for a second. */
  memos: WeakMap<Payload, Memo>
  /** Moves on with every edit made here: a memo from before it is stale at once. */
  generation: number
}
const state = processWide<ReaderState>('content.site-settings-reader', () => ({ memos: new WeakMap(), generation: 0 }))
onRevalidated(() => {
  state.generation += 1
})

/**
 * The whole site-settings document, secrets included, for the server's own code: read at most
 * once a second per instance however many requests ask, and again at once after an edit here
 * (each capability maps it to its own typed settings; never send it to a browser as it is).
 * A failed read is not kept: the next call tries again.
 */
export function readSiteSettings(payload: Payload, now = Date.now()): Promise<SiteSetting> {
  const memo = state.memos.get(payload)
  if (memo && memo.generation === state.generation && now - memo.since < SITE_SETTINGS_MEMO_MS) return memo.settings
  const current: Memo = {
    settings: payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true }),
    since: now,
    generation: state.generation,
  }
  state.memos.set(payload, current)
  current.settings.catch(() => {
    if (state.memos.get(payload) === current) state.memos.delete(payload)
  })
  return current.settings
}
