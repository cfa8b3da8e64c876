import { getPayloadClient } from '@/cms/queries'
import { searchEndpoint } from '@/search/api'

export const dynamic = 'force-dynamic'

export function GET(request: Request) {
  return searchEndpoint(request, getPayloadClient)
}
