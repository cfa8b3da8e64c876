import { getPayloadClient } from '@/platform/sitePayload'
import { visitorStream } from '@/chat/server/http/visitor'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return visitorStream(request, await getPayloadClient())
}
