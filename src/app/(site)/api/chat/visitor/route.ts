import { getPayloadClient } from '@/platform/sitePayload'
import { answerVisitorPost } from '@/chat/server/http/visitor'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return answerVisitorPost(request, await getPayloadClient())
}
