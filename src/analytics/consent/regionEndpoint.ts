import { isHttpsRequest } from '@/security/headers'
import type { SiteSetting } from '@/payload-types'
import {
  parseRegion,
  REGION_COOKIE,
  REGION_COOKIE_MAX_AGE_S,
  type RegionDefault,
  regionDeniesByDefault,
  regionHeaderName,
  UNKNOWN_REGION,
} from './model'

/**
 * GET /api/consent/region: the visitor's region, from the header the front (or a CDN) sets, and
 * whether consent starts denied there; the region is also kept in a cookie for the page's
 * bootstrap script. Unknown stays denied. The answer is the visitor's own: no cache may keep it.
 */
export function regionDefaultResponse(request: Request, analytics: SiteSetting['analytics']): Response {
  const region = parseRegion(request.headers.get(regionHeaderName(analytics?.regionHeader)))
  const deniedRegions = analytics?.deniedRegions ?? []
  const body: RegionDefault = { region, denied: regionDeniesByDefault(region, deniedRegions) }
  const secure = isHttpsRequest(request.url, request.headers.get('x-forwarded-proto')) ? '; Secure' : ''
  return new Response(JSON.stringify(body), {
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'private, no-store',
      'Set-Cookie': `${REGION_COOKIE}=${region ?? UNKNOWN_REGION}; Path=/; Max-Age=${REGION_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`,
    },
  })
}
