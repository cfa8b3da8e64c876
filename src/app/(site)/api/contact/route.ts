import { handleContactPost } from '@/contact/server/contactEndpoint'
import { contactRouteDeps } from '@/contact/server/routeDeps'

export const dynamic = 'force-dynamic'

export function POST(request: Request) {
  return handleContactPost(request, contactRouteDeps)
}
