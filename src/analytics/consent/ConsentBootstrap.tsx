import { getSiteSettings } from '@/cms/queries'
import { consentBootstrapScript } from './bootstrap'

/** Server part of consent: the page's inline script that writes the default, from the settings' region list. */
export async function ConsentBootstrap() {
  const settings = await getSiteSettings()
  const deniedRegions = settings.analytics?.deniedRegions ?? []
  return <script dangerouslySetInnerHTML={{ __html: consentBootstrapScript({ deniedRegions }) }} />
}
