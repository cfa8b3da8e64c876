import { draftMode } from 'next/headers'
import { exitPreview } from '@/content/preview/endpoint'

export const dynamic = 'force-dynamic'

export function GET(request: Request) {
  return exitPreview(request, draftMode)
}
