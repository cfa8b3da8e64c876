import { describe, expect, it } from 'vitest'
import { REGION_COOKIE, UNKNOWN_REGION } from './model'
import { regionDefaultResponse } from './regionEndpoint'

const settings = { deniedRegions: ['DE', 'US-CA'] } as never
const ask = (headers: Record<string, string>) =>
  regionDefaultResponse(new Request('http://site.test/api/consent/region', { headers }), settings)

describe('GET /api/consent/region', () => {
  it('answers the region from the front’s header, whether consent starts denied there, and keeps it in a cookie', async () => {
    const response = await ask({ 'x-visitor-region': 'us-oh' })
    expect(await response.json()).toEqual({ region: 'US-OH', denied: false })
    expect(response.headers.get('set-cookie')).toMatch(
      new RegExp(`^${REGION_COOKIE}=US-OH; Path=/; Max-Age=\\d+; SameSite=Lax$`),
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('vary')).toBe('x-visitor-region')
    expect(await (await ask({ 'x-visitor-region': 'DE-BY' })).json()).toEqual({ region: 'DE-BY', denied: true })
  })

  it('treats a missing or hostile header as an unknown region: denied, and nothing of it in the cookie', async () => {
    for (const value of ['', 'US-OH; Domain=evil.example', '<script>', 'x'.repeat(300)]) {
      const response = await ask(value ? { 'x-visitor-region': value } : {})
      expect(await response.json()).toEqual({ region: null, denied: true })
      expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${REGION_COOKIE}=${UNKNOWN_REGION}; Path=/;`))
    }
  })

  it('names the header the settings read the region from in Vary: the one thing the answer depends on', async () => {
    const response = regionDefaultResponse(
      new Request('http://site.test/api/consent/region', { headers: { 'cf-ipcountry': 'DE' } }),
      { deniedRegions: ['DE'], regionHeader: 'CF-IPCountry' } as never,
    )
    expect(await response.json()).toEqual({ region: 'DE', denied: true })
    expect(response.headers.get('vary')).toBe('cf-ipcountry')
  })

  it('marks the cookie Secure when the trusted front says the visitor came over https', async () => {
    const response = await ask({ 'x-visitor-region': 'US-OH', 'x-forwarded-proto': 'https' })
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/)
  })
})
