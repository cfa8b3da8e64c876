import { tagCspSources, type TagSettings } from '../analytics/tags/hosts'

/** Hosts a configured third party needs, per CSP directive. */
export type ThirdPartySources = { script: string[]; connect: string[]; img: string[]; frame: string[]; style: string[] }

export const NO_THIRD_PARTY: ThirdPartySources = { script: [], connect: [], img: [], frame: [], style: [] }

/** What each captcha provider's widget needs beyond its script (loaded through 'strict-dynamic'). */
const CAPTCHA_SOURCES: Record<string, Partial<ThirdPartySources>> = {
  recaptcha: { frame: ['https://www.google.com', 'https://www.recaptcha.net'] },
  turnstile: { frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
}

/** LiveChat's widget frame, its API and socket, and its file host (its script loads through 'strict-dynamic'). */
const LIVECHAT_SOURCES: Partial<ThirdPartySources> = {
  connect: ['https://*.livechatinc.com', 'wss://*.livechatinc.com'],
  frame: ['https://secure.livechatinc.com', 'https://*.livechatinc.com'],
  img: ['https://cdn.livechat-files.com', 'https://*.livechatinc.com'],
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
  ]
  const merged = { ...NO_THIRD_PARTY }
  for (const key of Object.keys(merged) as (keyof ThirdPartySources)[]) {
    merged[key] = [...new Set(parts.flatMap((part) => part[key] ?? []))]
  }
  return merged
}

/*
 * The proxy builds every response's CSP and must not query the database to do so. Each read or
 * change of the site settings publishes the sources here, on globalThis, which the proxy and the
 * app's routes share within one server process.
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
