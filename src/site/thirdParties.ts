import { tagCspSources, type TagSettings } from '@/analytics/tags/hosts'
import { liveChatCspSources } from '@/chat/livechat/cspSources'
import { captchaCspSources } from '@/contact/captcha/cspSources'
import { mergeSources, publishThirdPartySources, type ThirdPartySources } from '@/security/thirdPartySources'

type SettingsForCsp = {
  analytics?: TagSettings | null
  captcha?: { provider?: string | null } | null
  chat?: { provider?: string | null } | null
}

/** Exactly the hosts of the third parties the settings turn on: tags, captcha and LiveChat. */
export function thirdPartySources(settings: SettingsForCsp | null | undefined): ThirdPartySources {
  const tags = tagCspSources(settings?.analytics)
  return mergeSources([
    { script: tags, connect: tags, img: tags },
    captchaCspSources(settings?.captcha?.provider),
    ...liveChatCspSources(settings?.chat?.provider),
  ])
}

/** A site-settings hook: each read or change republishes the hosts the CSP allows. */
export const publishSiteSources = ({ doc }: { doc: SettingsForCsp }) => {
  publishThirdPartySources(thirdPartySources(doc))
  return doc
}
