import { CONSENT_REGION_ENDPOINT, type RegionDefault } from './model'

/** How long the first page of a visit waits for the region before it keeps the denied default. */
export const REGION_LOOKUP_TIMEOUT_MS = 3000

/** Asks the server whether consent starts denied in the visitor's region; denied when it cannot tell. */
export async function lookUpRegionDefault(): Promise<RegionDefault> {
  try {
    const response = await fetch(CONSENT_REGION_ENDPOINT, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(REGION_LOOKUP_TIMEOUT_MS),
    })
    const body = (await response.json()) as Partial<RegionDefault>
    return { region: typeof body.region === 'string' ? body.region : null, denied: body.denied !== false }
  } catch {
    return { region: null, denied: true }
  }
}
