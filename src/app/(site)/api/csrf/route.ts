import { handleCsrfTokenRequest } from '@/security/csrfEndpoint'

export const dynamic = 'force-dynamic'

export function GET(request: Request) {
  return handleCsrfTokenRequest(request)
}
