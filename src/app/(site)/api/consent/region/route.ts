import { regionDefaultResponse } from '@/analytics/consent/regionEndpoint'
import { getSiteSettings } from '@/content/queries'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return regionDefaultResponse(request, (await getSiteSettings()).analytics)
}
