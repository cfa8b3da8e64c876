import type { Metadata } from 'next'
import { cache } from 'react'
import { getPublicSiteSettings } from '@/content/queries'
import { getPayloadClient } from '@/platform/sitePayload'
import { type Brand, readBrand } from './brand'
import { brandImagePath } from './logo'

/** The brand for this render, read once however many parts of the page draw it. */
export const getBrand = cache(async (): Promise<Brand> =>
  readBrand(await getPayloadClient(), (await getPublicSiteSettings()).appearance),
)

/** Where the site serves the web manifest made for a logo. */
export const manifestPath = (version: string) => `/brand-assets/manifest.webmanifest?v=${encodeURIComponent(version)}`

/**
 * The icons and manifest a page names when the owner set a logo: the browser's, the phone's home
 * screen's, and the manifest's (192 and 512 px). Without a logo, null: the page keeps the site's
 * own icon and names no manifest, as it always did.
 */
export function brandIconMetadata(brand: Brand): Pick<Metadata, 'icons' | 'manifest'> | null {
  if (!brand.logo) return null
  const { version } = brand.logo
  return {
    icons: {
      icon: [{ url: brandImagePath(version, 'icon-32.png'), type: 'image/png', sizes: '32x32' }],
      apple: [{ url: brandImagePath(version, 'apple-touch-icon.png'), sizes: '180x180' }],
    },
    manifest: manifestPath(version),
  }
}
