import { originOf, tagCspSources, type TagSettings } from '../analytics/tags/hosts'

/** Hosts a configured third party needs, per CSP directive. */
export type ThirdPartySources = { script: string[]; connect: string[]; img: string[]; frame: string[]; style: string[] }

export const NO_THIRD_PARTY: ThirdPartySources = { script: [], connect: [], img: [], frame: [], style: [] }

/** What each captcha provider's widget needs: its script, the scripts it loads, its frames. */
const CAPTCHA_SOURCES: Record<string, Partial<ThirdPartySources>> = {
  recaptcha: {
    script: ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'],
    frame: ['https://www.google.com', 'https://www.recaptcha.net'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
}

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

type SettingsForCsp = {
  analytics?: TagSettings | null
  captcha?: { provider?: string | null } | null
  chat?: { provider?: string | null } | null
}

/** Exactly the hosts of the third parties the settings turn on: tags, captcha and LiveChat. */
export function thirdPartySources(settings: SettingsForCsp | null | undefined): ThirdPartySources {
  const tags = tagCspSources(settings?.analytics)
  const parts: Partial<ThirdPartySources>[] = [
    { script: tags, connect: tags, img: tags },
    CAPTCHA_SOURCES[settings?.captcha?.provider ?? ''] ?? {},
    settings?.chat?.provider === 'livechat' ? LIVECHAT_SOURCES : {},
    settings?.chat?.provider === 'livechat' ? { script: liveChatOverrides(), connect: liveChatOverrides() } : {},
  ]
  const merged = { ...NO_THIRD_PARTY }
  for (const key of Object.keys(merged) as (keyof ThirdPartySources)[]) {
    merged[key] = [...new Set(parts.flatMap((part) => part[key] ?? []))]
  }
  return merged
}

/*
 * The server (src/server) builds every page's CSP and must not query the database to do so. Each
 * read or change of the site settings publishes the sources here, on globalThis, which the server
 * and the app's routes share within one process.
 */
const KEY = Symbol.for('cardinal-title.security.third-party-sources')

type Holder = { [KEY]?: ThirdPartySources }

export function publishThirdPartySources(settings: SettingsForCsp | null | undefined): void {
  ;(globalThis as Holder)[KEY] = thirdPartySources(settings)
}

/** The sources last published; none before the settings were first read. */
export function currentThirdPartySources(): ThirdPartySources {
  return (globalThis as Holder)[KEY] ?? NO_THIRD_PARTY
}
