import type { NextRequest } from 'next/server'
import { getPayloadClient } from '@/cms/queries'
import { answerSearch } from '@/search/api'

export const dynamic = 'force-dynamic'

export function GET(request: NextRequest) {
  return answerSearch(request.nextUrl.searchParams, getPayloadClient)
}
