/**
 * The addresses the site's catch-all page route answers with something other than 404: the path
 * of every published page and the source of every redirect. The app keeps them
 * (src/content/knownAddressesLoader.ts); the server reads them (src/server/unknownAddresses.ts) to
 * answer any other address 404 without a render. Both share one copy per process (processWide).
 */
import { SHORT_CACHE_MS } from '@/platform/caches'
import { processWide } from '@/platform/processWide'

/** How often each instance reads the addresses again: an edit on another instance shows within this. */
export const KNOWN_ADDRESSES_REFRESH_MS = SHORT_CACHE_MS.knownAddressesRefresh
/** A set older than this (the database could not be read meanwhile) is not used: Next answers every address. */
export const KNOWN_ADDRESSES_TRUSTED_MS = SHORT_CACHE_MS.knownAddressesTrusted

type Known = { paths: ReadonlySet<string>; at: number }
const kept = processWide<{ known: Known | null }>('content.known-addresses', () => ({ known: null }))

export function keepKnownAddresses(paths: Iterable<string>, at = Date.now()): void {
  kept.known = { paths: new Set(paths), at }
}

/** Until the next read: an edit made here may have added an address. */
export function forgetKnownAddresses(): void {
  kept.known = null
}

/** The known addresses, or null while they are not known or too old to trust. */
export function knownAddresses(now = Date.now()): ReadonlySet<string> | null {
  const { known } = kept
  return known && now - known.at < KNOWN_ADDRESSES_TRUSTED_MS ? known.paths : null
}
