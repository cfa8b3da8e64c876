import type { Payload } from 'payload'
import { forgetKnownAddresses, KNOWN_ADDRESSES_REFRESH_MS, keepKnownAddresses } from './knownAddresses'
import { onRevalidated } from './revalidate'

/** Every published page's path and every redirect's source, as the catch-all route looks them up. */
export async function readKnownAddresses(payload: Payload): Promise<string[]> {
  const [pages, redirects] = await Promise.all([
    payload.find({
      collection: 'pages',
      where: { _status: { equals: 'published' } },
      select: { path: true },
      depth: 0,
      limit: 0,
      draft: false,
      pagination: false,
    }),
    payload.find({ collection: 'redirects', select: { from: true }, depth: 0, limit: 0, pagination: false }),
  ])
  return [...pages.docs.map((page) => page.path ?? '/'), ...redirects.docs.map((redirect) => redirect.from)]
}

/**
 * Keeps the known addresses fresh: read now, every KNOWN_ADDRESSES_REFRESH_MS, and at once after an
 * edit here (forgotten meanwhile, so a page just published is never refused). A read that began
 * before an edit is not kept. A failed read keeps the last set until it is too old to trust.
 */
export function keepKnownAddressesFresh(payload: Payload): Promise<void> {
  let edits = 0
  const refresh = async () => {
    const startedAfter = edits
    try {
      const paths = await readKnownAddresses(payload)
      if (startedAfter === edits) keepKnownAddresses(paths)
    } catch {
      // The database is away: the set ages out and Next answers every address meanwhile.
    }
  }
  onRevalidated(() => {
    edits++
    forgetKnownAddresses()
    void refresh()
  })
  setInterval(() => void refresh(), KNOWN_ADDRESSES_REFRESH_MS).unref()
  return refresh()
}
