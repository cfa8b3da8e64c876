import { getPublicSiteSettings } from '@/content/queries'
import { InlineScript } from '@/security/InlineScript'
import { ChatLoader } from './ChatLoader'
import { liveChatApiUrl } from './livechat/dynamicConfig'
import { chatSettingsOf, serverConfigError } from './server/settings'
import { CHAT_STUB_SCRIPT } from './stub'
import type { ChatConfig } from './pageConfig'

/** Default address of LiveChat's tracking script; LIVECHAT_SCRIPT_URL overrides it (tests). */
export const LIVECHAT_SCRIPT_URL = 'https://cdn.livechatinc.com/tracking.js'

function siteHostname(): string {
  try {
    return process.env.SERVER_URL ? new URL(process.env.SERVER_URL).hostname : ''
  } catch {
    return ''
  }
}

/** The chat on a public page: the inline API stub and the leaf that loads the widget later. */
export async function ChatEmbed() {
  const settings = await getPublicSiteSettings()
  const chat = chatSettingsOf(settings)
  if (chat.provider === 'none') return null
  const config: ChatConfig = {
    provider: chat.provider,
    siteHostname: siteHostname(),
    allowedDomains: chat.allowedDomains,
    license: chat.license,
    group: chat.group,
    language: chat.language,
    liveChatScriptUrl: process.env.LIVECHAT_SCRIPT_URL || LIVECHAT_SCRIPT_URL,
    liveChatApiUrl: liveChatApiUrl(chat.region, process.env.LIVECHAT_API_URL),
    configError: serverConfigError(chat),
  }
  return (
    <>
      <InlineScript code={CHAT_STUB_SCRIPT} />
      {/* Keyed: another provider is another part to load, never the last one's with new settings. */}
      <ChatLoader key={config.provider} config={config} />
    </>
  )
}
