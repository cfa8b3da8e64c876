import { builtinChatConfig } from '@/chat/server/http/config'
import { getPayloadClient } from '@/platform/sitePayload'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return builtinChatConfig(await getPayloadClient(), new URL(request.url).searchParams.has('availability'))
}
