import { regionDefaultResponse } from '@/analytics/consent/regionEndpoint'
import { getSiteSettings } from '@/cms/queries'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return regionDefaultResponse(request, (await getSiteSettings()).analytics)
}
