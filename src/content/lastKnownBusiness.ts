import { processWide } from '@/platform/processWide'
import { BUILT_IN_BUSINESS } from './builtInBusiness'

/** What a visitor needs to reach the business when the site cannot show its pages. */
export type BusinessContact = { name: string; phone: string }

/** Shared by every bundle of the process (Next's and the server's): the last details the site read. */
const last = processWide<{ business?: BusinessContact }>('last-known-business', () => ({}))

/** Keeps the business's name and phone from settings the site has just read, for when the database is gone. */
export function rememberBusiness(business: { name?: string | null; phone?: string | null } | undefined): void {
  if (!business?.name) return
  last.business = { name: business.name, phone: business.phone ?? '' }
}

/** The name and phone last read from the settings, or the ones the site was built with; never a query. */
export function lastKnownBusiness(): BusinessContact {
  return last.business ?? { ...BUILT_IN_BUSINESS }
}
