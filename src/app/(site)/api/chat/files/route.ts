import { getPayloadClient } from '@/cms/queries'
import { uploadChatFile } from '@/chat/server/http/files'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return uploadChatFile(request, await getPayloadClient())
}
