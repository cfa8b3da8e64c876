import { getPayloadClient } from '@/cms/queries'
import { agentAction } from '@/chat/server/agent'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return agentAction(request, await getPayloadClient())
}
