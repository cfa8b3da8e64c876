import type { Payload } from 'payload'
import type { SiteSetting } from '@/payload-types'

export type ChatSettings = {
  provider: 'builtin' | 'livechat' | 'none'
  license: string
  group: number
  language: string
  allowedDomains: string[]
  businessHours: string
}

export function chatSettingsOf(settings: Pick<SiteSetting, 'chat'>): ChatSettings {
  const chat = settings.chat ?? {}
  return {
    provider: chat.provider ?? 'builtin',
    license: chat.license ?? '',
    group: chat.group ?? 0,
    language: chat.language ?? 'en',
    allowedDomains: (chat.allowedDomains ?? []).map((entry) => entry.domain),
    businessHours: chat.businessHours ?? '',
  }
}

export async function loadChatSettings(payload: Payload): Promise<ChatSettings> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return chatSettingsOf(settings)
}
