import { draftMode } from 'next/headers'
import { startPreview } from '@/cms/preview/endpoint'
import { getPayloadClient } from '@/cms/sitePayload'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return startPreview(request, await getPayloadClient(), draftMode)
}
