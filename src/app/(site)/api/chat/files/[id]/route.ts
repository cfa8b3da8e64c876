import { getPayloadClient } from '@/cms/queries'
import { downloadChatFile } from '@/chat/server/files'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return downloadChatFile(request, await getPayloadClient(), (await params).id)
}
