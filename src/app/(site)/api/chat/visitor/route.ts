import { getPayloadClient } from '@/cms/queries'
import { visitorAction } from '@/chat/server/visitor'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return visitorAction(request, await getPayloadClient())
}
