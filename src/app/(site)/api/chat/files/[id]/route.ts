import { getPayloadClient } from '@/platform/sitePayload'
import { downloadChatFile } from '@/chat/server/http/files'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return downloadChatFile(request, await getPayloadClient(), (await params).id)
}
