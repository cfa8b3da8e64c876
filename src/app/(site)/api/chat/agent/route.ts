import { getPayloadClient } from '@/platform/sitePayload'
import { answerAgentPost } from '@/chat/server/http/agent'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return answerAgentPost(request, await getPayloadClient())
}
