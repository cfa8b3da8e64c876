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
 * bootstrap script. Unknown stays denied. The answer sets the visitor's cookie, so browsers and
 * caches are told not to keep it; it depends on nothing but the region header (named in Vary), so
 * the site's own front keeps one copy per value for a second (deploy/nginx.conf.template).
 */
export function regionDefaultResponse(request: Request, analytics: SiteSetting['analytics']): Response {
  const header = regionHeaderName(analytics?.regionHeader)
  const region = parseRegion(request.headers.get(header))
  const deniedRegions = analytics?.deniedRegions ?? []
  const body: RegionDefault = { region, denied: regionDeniesByDefault(region, deniedRegions) }
  const secure = isHttpsRequest(request.url, request.headers.get('x-forwarded-proto')) ? '; Secure' : ''
  return new Response(JSON.stringify(body), {
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'private, no-store',
      Vary: header,
      'Set-Cookie': `${REGION_COOKIE}=${region ?? UNKNOWN_REGION}; Path=/; Max-Age=${REGION_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`,
    },
  })
}
