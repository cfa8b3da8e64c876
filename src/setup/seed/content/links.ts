import type { SiteLink } from '@/payload-types'
import { pageRef, type SeedData } from '../refs'

/** A link field (src/content/fields/link.ts) to a seeded page, named by its key. */
export const pageLink = (label: string, key: string): SeedData<SiteLink> => ({
  label,
  kind: 'page',
  page: pageRef(key),
})

/** A link field to an address: another site, a phone number or an anchor of the home page. */
export const urlLink = (label: string, url: string): SiteLink => ({ label, kind: 'url', url })

/** A row of a list of links (hero actions, menu and footer columns) to a seeded page. */
export const pageLinkRow = (label: string, key: string) => ({ link: pageLink(label, key) })

/** A row of a list of links to an address. */
export const urlLinkRow = (label: string, url: string) => ({ link: urlLink(label, url) })
