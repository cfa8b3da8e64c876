import { describe, expect, it } from 'vitest'
import type { Page, SiteSetting } from '@/payload-types'
import { SEED_PAGES } from '@/setup/seed/content/pages'
import { pageMetadata } from './metadata'

const RENAMED = 'Buckeye Abstract Company'
const settings = { business: { name: RENAMED, tagline: 'Searches.' } } as SiteSetting
const pathOf = (key: string) => (key === 'home' ? '/' : `/${key}`)
const asPage = (seed: (typeof SEED_PAGES)[number]) =>
  ({ title: seed.title, seo: seed.seo, path: pathOf(seed.key) }) as unknown as Page

describe('a page’s title in its head', () => {
  it.each(SEED_PAGES.map((seed) => [pathOf(seed.key), seed] as const))(
    '%s: <title>, og:title and twitter:title end with the business name from the settings, and no other name',
    (_path, seed) => {
      const metadata = pageMetadata(asPage(seed), settings)
      const title = (metadata.title as { absolute: string }).absolute
      expect(title.endsWith(` | ${RENAMED}`)).toBe(true)
      expect(title).not.toMatch(/Cardinal/)
      expect(metadata.openGraph?.title).toBe(title)
      expect((metadata.twitter as { title?: string }).title).toBe(title)
    },
  )

  it('is the page title and the name when there is no SEO title, and the name alone for a bare home page', () => {
    const page = (title: string, path: string) => ({ title, path, seo: {} }) as unknown as Page
    expect((pageMetadata(page('Pricing', '/pricing'), settings).title as { absolute: string }).absolute).toBe(
      `Pricing | ${RENAMED}`,
    )
    expect((pageMetadata(page('Home', '/'), settings).title as { absolute: string }).absolute).toBe(RENAMED)
  })
})
