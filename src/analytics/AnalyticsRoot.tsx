import type { SiteSetting } from '@/payload-types'
import { ConsentManager } from './consent/ConsentManager'
import { configuredServices, tagConfig } from './tags/hosts'

/** Consent, tags and first-party counting for a public page, from the site settings. */
export function AnalyticsRoot({ settings }: { settings: SiteSetting['analytics'] }) {
  const tags = tagConfig(settings)
  return (
    <ConsentManager
      tags={configuredServices(tags).length ? tags : null}
      firstParty={settings?.firstParty !== false}
      bannerText={settings?.bannerText}
    />
  )
}
