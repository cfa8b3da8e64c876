import type { Payload } from 'payload'
import { cache } from 'react'
import { getPayloadClient } from '@/platform/sitePayload'
import { addressFormProblem, normaliseAddress } from './validate'

type Target = {
  to?: string | null
  address?: string | null
  page?: { path?: string | null; _status?: string | null } | number | null
}

/** An address fit for a Location header, or null when it is not one (a visitor then gets the 404). */
function locationOf(address: string): string | null {
  const normalised = normaliseAddress(address)
  return typeof normalised === 'string' && addressFormProblem(normalised) === null ? normalised : null
}

/**
 * Where a redirect starting at this path sends visitors, or null. A redirect to a page that is not
 * published leads nowhere (the old address answers 404, as the page would).
 */
export async function readRedirectLocation(payload: Payload, path: string): Promise<string | null> {
  const { docs } = await payload.find({
    collection: 'redirects',
    where: { from: { equals: path } },
    depth: 1,
    populate: { pages: { path: true, _status: true } },
    limit: 1,
  })
  const redirect = docs[0] as Target | undefined
  if (!redirect) return null
  // Normalised again: an address saved before normalisation may hold what no Location header can.
  if (redirect.to === 'address') return redirect.address ? locationOf(redirect.address) : null
  const page = redirect.page
  // A page in the trash is not populated (null): its redirects answer 404 until it is restored.
  return page && typeof page === 'object' && page._status === 'published' && page.path ? page.path : null
}

export const findRedirectLocation = cache(async (path: string) => readRedirectLocation(await getPayloadClient(), path))
