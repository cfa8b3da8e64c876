import { regionDefaultResponse } from '@/analytics/consent/regionEndpoint'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { getPayloadClient } from '@/platform/sitePayload'

export const dynamic = 'force-dynamic'

// Asked once by every first visit: the settings are read at most once a second per instance.
export async function GET(request: Request) {
  return regionDefaultResponse(request, (await readSiteSettings(await getPayloadClient())).analytics)
}
