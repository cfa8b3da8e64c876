import { handleLegacyPost } from '@/contact/server/legacyEndpoint'
import { contactRouteDeps } from '@/contact/server/routeDeps'

export const dynamic = 'force-dynamic'

export function POST(request: Request) {
  return handleLegacyPost(request, contactRouteDeps)
}
