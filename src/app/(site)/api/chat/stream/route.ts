import { getPayloadClient } from '@/platform/sitePayload'
import { visitorStream } from '@/chat/server/http/visitor'
import { serveOutsideNext } from '@/server/routesOutsideNext'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return visitorStream(request, await getPayloadClient())
}

// Most visitors open this stream; once this module is loaded the server answers it without Next's
// router, which costs an instance more than opening the stream does (src/server/routesOutsideNext.ts).
serveOutsideNext('GET', '/api/chat/stream', GET)
