import type { Payload } from 'payload'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { processWide } from '@/platform/processWide'
import type { OpeningHoursRow } from '@/content/businessHours'
import { type ChatProvider, DEFAULT_IDLE_END_MINUTES, DEFAULT_LEFT_QUEUE_MINUTES } from '../settingsTab'
import type { SiteSetting } from '@/payload-types'

export type ChatSettings = {
  provider: ChatProvider
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

/** The hours the newest read found, one per process (the hub is shared by every route's bundle). */
const hours = processWide<{ openingHours: OpeningHoursRow[] }>('chat.opening-hours', () => ({ openingHours: [] }))

/**
 * The chat's settings: the one reader every chat request and the upkeep go through. It reads through
 * the instance's one settings memo (at most once a second, afresh after an edit here), and keeps the
 * opening hours it finds for the hub.
 */
export async function readChatSettings(payload: Payload): Promise<ChatSettings> {
  const settings = chatSettingsOf(await readSiteSettings(payload))
  hours.openingHours = settings.openingHours
  return settings
}

/** The opening hours as last read (none before the first read): the hub's availability between requests. */
export const currentOpeningHours = (): OpeningHoursRow[] => hours.openingHours

/** Configuration errors the server can tell before the page loads (the domain is checked in the browser). */
export function serverConfigError(
  settings: ChatSettings,
  now = new Date(),
): 'license_not_found' | 'license_expired' | null {
  if (settings.provider === 'livechat' && !settings.license.trim()) return 'license_not_found'
  if (settings.licenseExpiresAt && Date.parse(settings.licenseExpiresAt) <= now.getTime()) return 'license_expired'
  return null
}
