import { getPayloadClient } from '@/platform/sitePayload'
import { agentStream } from '@/chat/server/http/agent'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return agentStream(request, await getPayloadClient())
}
