// What the site tells search engines and browsers about itself: the sitemap, robots.txt and the icon
// file. Each route's own handler, rendered to text as Next renders it.
import fs from 'node:fs'
import path from 'node:path'
import { resolveRobots, resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import robots from '@/app/robots'
import sitemap from '@/app/(site)/sitemap'
import { siteOrigin } from '@/platform/siteUrl'
import { startTestPayload } from '../support/payload'

/** The suite's Payload, as the routes' `getPayloadClient()` gives it. */
const site = vi.hoisted(() => ({ payload: undefined as Payload | undefined }))
vi.mock('@/platform/sitePayload', () => ({ getPayloadClient: async () => site.payload! }))

// Next's data cache lives in its server: here the sitemap reads its list as it stands.
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/cache')>()),
  unstable_cache: <T>(read: T) => read,
}))

let cleanup: () => Promise<void>

const createPage = (slug: string, status: 'draft' | 'published', parent?: number) =>
  site.payload!.create({
    collection: 'pages',
    data: { title: slug, slug, parent, layout: [{ blockType: 'hero', heading: slug }], _status: status } as never,
    draft: status === 'draft',
  })

beforeAll(async () => {
  ;({ payload: site.payload, cleanup } = await startTestPayload())
}, 120_000)
afterAll(() => cleanup?.())

describe('/sitemap.xml', () => {
  it('lists every published page, each once, at its address on the site, and no draft', async () => {
    await createPage('home', 'published')
    const services = await createPage('services', 'published')
    await createPage('lien-search', 'published', services.id)
    await createPage('unfinished', 'draft')
    const xml = resolveSitemap(await sitemap())
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]))
    expect(locs.map((loc) => loc.pathname).sort()).toEqual(['/', '/news', '/services', '/services/lien-search'])
    for (const loc of locs) expect(loc.origin).toBe(siteOrigin())
  })
})

describe('/robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the admin', () => {
    const text = resolveRobots(robots())
    expect(text).toMatch(/^Sitemap: .*\/sitemap\.xml$/m)
    expect(text).toMatch(/^Disallow: \/admin$/m)
  })
})

describe('/favicon.ico', () => {
  // A file at the app's root, outside every route group: Next serves it at /favicon.ico and names it
  // in the head of every root layout (the site's, the agent console's and the admin's).
  const FAVICON = path.resolve(__dirname, '../../src/app/favicon.ico')

  it('is an icon file at the root of the app, in 16, 32 and 48 px', () => {
    const icon = fs.readFileSync(FAVICON)
    // ICONDIR: reserved 0, type 1 (icon), then the number of images and a 16-byte entry for each.
    expect(icon.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
    const count = icon.readUInt16LE(4)
    const widths = Array.from({ length: count }, (_, i) => icon[6 + 16 * i])
    expect(widths).toEqual([16, 32, 48])
  })
})
