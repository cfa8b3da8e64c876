import { VIDEO_CSP_SOURCES } from '@/blocks/Video/cspSources'
import { tagCspSources, type TagSettings } from '@/analytics/tags/hosts'
import { liveChatCspSources } from '@/chat/livechat/cspSources'
import { captchaCspSources } from '@/contact/captcha/cspSources'
import { mergeSources, publishThirdPartySources, type ThirdPartySources } from '@/security/thirdPartySources'

type SettingsForCsp = {
  analytics?: TagSettings | null
  captcha?: { provider?: string | null } | null
  chat?: { provider?: string | null } | null
}

/**
 * Exactly the hosts of the third parties the settings turn on (tags, captcha and LiveChat), and the
 * two video players a video block embeds after a click.
 */
export function thirdPartySources(settings: SettingsForCsp | null | undefined): ThirdPartySources {
  const tags = tagCspSources(settings?.analytics)
  return mergeSources([
    { script: tags, connect: tags, img: tags },
    captchaCspSources(settings?.captcha?.provider),
    ...liveChatCspSources(settings?.chat?.provider),
    VIDEO_CSP_SOURCES,
  ])
}

/** The settings groups that name third parties: a read without all of them cannot say which are on. */
const SOURCE_GROUPS = ['analytics', 'captcha', 'chat'] as const

/**
 * A site-settings hook: each change, and each read of the whole settings, republishes the hosts
 * the CSP allows. A read of some fields only (anyone may ask the API for `?select=…`) publishes
 * nothing: it would have emptied the list, and every page's policy would have blocked the
 * captcha, the tags and LiveChat until the next full read.
 */
export const publishSiteSources = ({ doc }: { doc: SettingsForCsp }) => {
  if (SOURCE_GROUPS.every((group) => group in doc)) publishThirdPartySources(thirdPartySources(doc))
  return doc
}
