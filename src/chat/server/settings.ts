import type { Payload } from 'payload'
import { onRevalidated } from '@/cms/revalidate'
import type { OpeningHoursRow } from '@/cms/businessHours'
import { DEFAULT_IDLE_END_MINUTES, DEFAULT_LEFT_QUEUE_MINUTES } from '@/cms/globals/SiteSettings'
import type { SiteSetting } from '@/payload-types'

export type ChatSettings = {
  provider: 'builtin' | 'livechat' | 'none'
  license: string
  group: number
  language: string
  allowedDomains: string[]
  openingHours: OpeningHoursRow[]
  licenseExpiresAt: string | null
  region: string
  defaultWidget: string
  /** Days after its end that a conversation is deleted; 0 keeps conversations. */
  retentionDays: number
  /** Minutes without a message after which a chat ends; 0 never ends one. */
  idleEndMinutes: number
  /** Minutes after its visitor left that a queued chat ends; 0 keeps it. */
  leftQueueMinutes: number
}

const wholeMinutes = (value: number | null | undefined, fallback: number) => Math.max(0, Math.floor(value ?? fallback))

export function chatSettingsOf(settings: Pick<SiteSetting, 'chat' | 'business'>): ChatSettings {
  const chat = settings.chat ?? {}
  return {
    provider: chat.provider ?? 'builtin',
    license: chat.license ?? '',
    group: chat.group ?? 0,
    language: chat.language ?? 'en',
    allowedDomains: (chat.allowedDomains ?? []).map((entry) => entry.domain),
    openingHours: settings.business?.openingHours ?? [],
    licenseExpiresAt: chat.licenseExpiresAt ?? null,
    region: chat.region ?? '',
    defaultWidget: chat.defaultWidget ?? 'chat',
    retentionDays: Math.max(0, Math.floor(chat.retentionDays ?? 0)),
    idleEndMinutes: wholeMinutes(chat.idleEndMinutes, DEFAULT_IDLE_END_MINUTES),
    leftQueueMinutes: wholeMinutes(chat.leftQueueMinutes, DEFAULT_LEFT_QUEUE_MINUTES),
  }
}

/** How long this instance reuses the site settings the chat reads, unless an edit here clears them first. */
export const CHAT_SETTINGS_MEMO_MS = 1_000

type Memo = { settings: Promise<SiteSetting>; since: number; generation: number }

/**
 * The reader's state, one per process: Next bundles each route (and the server's own start-up
 * work) with its own copy of this module, and the hub that asks for the hours is shared by all.
 */
type ReaderState = {
  /** Per Payload (a test may run several): the last read, shared by every chat request for a second. */
  memos: WeakMap<Payload, Memo>
  /** Counts the edits made here: a memo from before the last one is stale at once. */
  generation: number
  /** The opening hours the newest read found: what availability is computed with between requests. */
  openingHours: OpeningHoursRow[]
}
const READER_STATE = Symbol.for('cardinal-title.chat.settings-reader')
const state = ((globalThis as { [READER_STATE]?: ReaderState })[READER_STATE] ??= {
  memos: new WeakMap(),
  generation: 0,
  openingHours: [],
})
onRevalidated(() => {
  state.generation += 1
})

/**
 * The site settings as the chat reads them: at most once a second per instance however many
 * requests ask, and afresh after an edit here (the settings' change hook announces a revalidation).
 */
export function readChatSiteSettings(payload: Payload): Promise<SiteSetting> {
  const memo = state.memos.get(payload)
  if (memo && memo.generation === state.generation && Date.now() - memo.since < CHAT_SETTINGS_MEMO_MS)
    return memo.settings
  const current: Memo = {
    settings: payload.findGlobal({ slug: 'site-settings', depth: 0 }),
    since: Date.now(),
    generation: state.generation,
  }
  state.memos.set(payload, current)
  current.settings.then(
    (settings) => {
      // An older read that answers late does not undo a newer one.
      if (state.memos.get(payload) === current) state.openingHours = chatSettingsOf(settings).openingHours
    },
    // A failed read is not kept: the next request tries again.
    () => {
      if (state.memos.get(payload) === current) state.memos.delete(payload)
    },
  )
  return current.settings
}

/** The chat's settings: the one reader every chat request, the upkeep and the embed go through. */
export async function readChatSettings(payload: Payload): Promise<ChatSettings> {
  return chatSettingsOf(await readChatSiteSettings(payload))
}

/** The opening hours as last read (none before the first read): the hub's availability between requests. */
export const currentOpeningHours = (): OpeningHoursRow[] => state.openingHours

/** Configuration errors the server can tell before the page loads (the domain is checked in the browser). */
export function serverConfigError(
  settings: ChatSettings,
  now = new Date(),
): 'license_not_found' | 'license_expired' | null {
  if (settings.provider === 'livechat' && !settings.license.trim()) return 'license_not_found'
  if (settings.licenseExpiresAt && Date.parse(settings.licenseExpiresAt) <= now.getTime()) return 'license_expired'
  return null
}
