import { getPublicSiteSettings } from '@/content/queries'
import { InlineScript } from '@/security/InlineScript'
import { consentBootstrapScript } from './bootstrap'

/** Server part of consent: the page's inline script that writes the default, from the settings' region list. */
export async function ConsentBootstrap() {
  const settings = await getPublicSiteSettings()
  const deniedRegions = settings.analytics?.deniedRegions ?? []
  return <InlineScript code={consentBootstrapScript({ deniedRegions })} />
}
