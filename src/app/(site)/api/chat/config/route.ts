import { builtinChatConfig } from '@/chat/server/config'
import { getPayloadClient } from '@/cms/queries'

export const dynamic = 'force-dynamic'

export async function GET() {
  return builtinChatConfig(await getPayloadClient())
}
