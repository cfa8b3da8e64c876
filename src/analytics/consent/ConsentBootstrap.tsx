import { headers } from 'next/headers'
import { getSiteSettings } from '@/cms/queries'
import { consentBootstrapScript } from './bootstrap'
import { parseRegion, regionDeniesByDefault, regionHeaderName } from './model'

/** Server part of consent: reads the visitor's region from the proxy's header and writes the default. */
export async function ConsentBootstrap() {
  const [requestHeaders, settings] = await Promise.all([headers(), getSiteSettings()])
  const analytics = settings.analytics
  const region = parseRegion(requestHeaders.get(regionHeaderName(analytics?.regionHeader)))
  const deniedRegions = (analytics?.deniedRegions ?? []).map((entry) => entry.code)
  const script = consentBootstrapScript({
    deniedByRegion: regionDeniesByDefault(region, deniedRegions),
    gpcHeader: requestHeaders.get('sec-gpc') === '1',
  })
  return <script nonce={requestHeaders.get('x-nonce') ?? undefined} dangerouslySetInnerHTML={{ __html: script }} />
}
