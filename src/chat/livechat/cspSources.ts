import { originOf } from '@/analytics/tags/hosts'
import type { ThirdPartySources } from '@/security/thirdPartySources'

/** LiveChat's scripts (tracking script, configuration lookup), widget frame, API and socket, and file host. */
const LIVECHAT_SOURCES: Partial<ThirdPartySources> = {
  script: ['https://*.livechatinc.com'],
  connect: ['https://*.livechatinc.com', 'wss://*.livechatinc.com'],
  frame: ['https://secure.livechatinc.com', 'https://*.livechatinc.com'],
  img: ['https://cdn.livechat-files.com', 'https://*.livechatinc.com'],
}

/** Origins of LIVECHAT_SCRIPT_URL and LIVECHAT_API_URL when they point elsewhere (a stand-in on loopback in tests). */
function liveChatOverrides(): string[] {
  return [process.env.LIVECHAT_SCRIPT_URL, process.env.LIVECHAT_API_URL].flatMap((value) => {
    const origin = originOf(value)
    return origin ? [origin] : []
  })
}

/** LiveChat's hosts, and a stand-in's, when LiveChat is the chat provider. */
export function liveChatCspSources(provider: string | null | undefined): Partial<ThirdPartySources>[] {
  if (provider !== 'livechat') return []
  const overrides = liveChatOverrides()
  return [LIVECHAT_SOURCES, { script: overrides, connect: overrides }]
}
