import { getPayloadClient } from '@/platform/sitePayload'
import { uploadChatFile } from '@/chat/server/http/files'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  return uploadChatFile(request, await getPayloadClient())
}
