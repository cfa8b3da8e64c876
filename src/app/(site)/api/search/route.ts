import { getPayloadClient } from '@/platform/sitePayload'
import { searchEndpoint } from '@/search/api'

export const dynamic = 'force-dynamic'

export function GET(request: Request) {
  return searchEndpoint(request, getPayloadClient)
}
