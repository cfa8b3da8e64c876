import { draftMode } from 'next/headers'
import { startPreview } from '@/content/preview/endpoint'
import { getPayloadClient } from '@/platform/sitePayload'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return startPreview(request, await getPayloadClient(), draftMode)
}
