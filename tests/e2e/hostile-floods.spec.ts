// Hostile traffic against a real server on loopback that trusts no front: a flood of unknown
// addresses, which only the built server's own page cache shows. The floods of the endpoints (the
// collector, search, captcha challenges, sign-in, chat, contact) are HTTP tests in Vitest
// (tests/integration/untrusted-front-limits.test.ts and each endpoint's own suite).
import { expect, test } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { NOT_FOUND_CACHE_CONTROL } from '../../src/server/pageResponses'
import { seededPaths } from './helpers'
import { normalVisitorIsServed, send, hostileSuiteServer } from './support/hostile'

/** More than the in-memory page cache holds (1,000 entries): were 404s kept, real pages would be pushed out. */
const UNKNOWN_ADDRESSES = 10_000

test.describe('hostile traffic', () => {
  test.describe.configure({ mode: 'serial' })
  const hostile = hostileSuiteServer(E2E_PORT + 5)
  const HOSTILE = hostile.origin

  test('a flood of unknown addresses is answered 404 uncached and leaves every real page in the cache', async () => {
    test.setTimeout(5 * 60_000)
    const cacheStateOf = async (page: string) => (await send(`${HOSTILE}${page}`)).headers.get('x-nextjs-cache')
    // Each seeded page rendered and kept, then asked for again after the page memo's moment.
    for (const page of seededPaths) await send(`${HOSTILE}${page}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const page of seededPaths) expect(await cacheStateOf(page), page).toBe('HIT')

    // Ten times more unknown addresses than the in-memory cache holds entries, a few at a time.
    const statuses = new Map<number, number>()
    const cacheControls = new Set<string | null>()
    let next = 0
    const worker = async () => {
      while (next < UNKNOWN_ADDRESSES) {
        const answer = await send(`${HOSTILE}/zz-nope-${++next}-${Math.random().toString(36).slice(2)}`)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        cacheControls.add(answer.headers.get('cache-control'))
      }
    }
    await Promise.all(Array.from({ length: 4 }, worker))
    expect(Object.fromEntries(statuses)).toEqual({ 404: UNKNOWN_ADDRESSES })
    expect([...cacheControls]).toEqual([NOT_FOUND_CACHE_CONTROL])

    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const page of seededPaths) expect(await cacheStateOf(page), page).toBe('HIT')
    // Files Next serves at addresses of its own (the icons) are not taken for unknown pages. (The
    // SVG icon travels in the page as a data: address, src/site/siteIcon.ts.)
    const home = (await send(`${HOSTILE}/`)).text
    const icons = [...home.matchAll(/<link rel="icon" href="(\/[^"]+)"/g)].map((match) =>
      match[1].replaceAll('&amp;', '&'),
    )
    expect(icons.length).toBeGreaterThan(0)
    for (const icon of icons) {
      const answer = await send(`${HOSTILE}${icon}`)
      expect(answer.status, icon).toBe(200)
      expect(answer.headers.get('content-type'), icon).toMatch(/^image\//)
    }
    await normalVisitorIsServed(HOSTILE)
  })
})
