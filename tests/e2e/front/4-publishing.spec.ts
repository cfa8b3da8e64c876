// A publish on one instance seen on the other and through the front within its budget, and after a
// quiet spell, what was published meanwhile rather than a copy the front kept.
import { expect } from '@playwright/test'
import { adminAuth, APP_A, APP_B, FRONT, POLL_MS, sleep, test } from '../support/productionStack'

/** A publish is visible within 2 s, on every instance (docs/budgets.md). */
const PUBLISH_VISIBLE_MS = 2_000
/**
 * The front may keep a page for the one second of `s-maxage`, counted by nginx's whole-second
 * clock: up to one more second before a publish shows through it.
 */
const FRONT_CLOCK_MS = 1_000
/**
 * Longer than any copy the front may serve: a publish's 2 s, the second of `s-maxage`, the second
 * of `stale-while-revalidate` while one request refreshes it, and nginx's whole-second clock.
 */
const QUIET_MS = PUBLISH_VISIBLE_MS + 2_000 + FRONT_CLOCK_MS

/** Milliseconds until `url` answers with `text` in its body, polled every 100 ms; null if never within `withinMs`. */
async function msUntilShown(url: string, text: string, withinMs: number): Promise<number | null> {
  const started = Date.now()
  while (Date.now() - started <= withinMs) {
    const body = await fetch(url).then((response) => response.text())
    if (body.includes(text)) return Date.now() - started
    await sleep(POLL_MS)
  }
  return null
}

test.describe('production front', () => {
  test('a publish on one instance is seen within 2 s on the other instance, and through the front a second later at most', async ({
    request,
  }) => {
    const auth = await adminAuth(request, APP_A)
    const found = await (await request.get(`${APP_A}/api/pages?where[path][equals]=/pricing`, { headers: auth })).json()
    const pricing = found.docs[0]
    // Warm both, so that what is measured is the publish reaching a page already cached.
    await fetch(`${FRONT}/pricing`)
    await fetch(`${APP_B}/pricing`)
    const title = `Pricing published ${Date.now()}`
    // The stack's database is its own: the seeded title need not be put back.
    const patch = await request.patch(`${APP_A}/api/pages/${pricing.id}`, {
      headers: auth,
      data: { title, seo: { title }, _status: 'published' },
    })
    expect(patch.ok()).toBe(true)
    const [throughFront, onB] = await Promise.all([
      msUntilShown(`${FRONT}/pricing`, title, PUBLISH_VISIBLE_MS + FRONT_CLOCK_MS),
      msUntilShown(`${APP_B}/pricing`, title, PUBLISH_VISIBLE_MS),
    ])
    test.info().annotations.push({ type: 'publish visible (ms)', description: `front ${throughFront}, B ${onB}` })
    expect(throughFront, 'ms until the front shows the publish').not.toBeNull()
    expect(onB, 'ms until instance B shows the publish').not.toBeNull()
  })

  test('after a quiet spell the next visitor gets what was published meanwhile, not a copy the front kept: an edit, an unpublish, a denied region', async ({
    request,
  }) => {
    const auth = await adminAuth(request, APP_A)
    const slug = `quiet-page-${Date.now()}`
    const created = await request.post(`${APP_A}/api/pages`, {
      headers: auth,
      data: {
        title: 'A quiet page',
        slug,
        layout: [{ blockType: 'hero', heading: 'Before the quiet' }],
        _status: 'published',
      },
    })
    expect(created.ok()).toBe(true)
    const id = (await created.json()).doc.id
    const settings = await (await request.get(`${APP_A}/api/globals/site-settings`, { headers: auth })).json()
    const deniedRegions: string[] = settings.analytics.deniedRegions
    const regionAnswer = async () =>
      (await fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-OH' } })).json()
    try {
      expect(
        await msUntilShown(`${FRONT}/${slug}`, 'Before the quiet', PUBLISH_VISIBLE_MS + FRONT_CLOCK_MS),
      ).not.toBeNull()
      expect(await regionAnswer()).toEqual({ region: 'US-OH', denied: false })

      const edited = await request.patch(`${APP_A}/api/pages/${id}`, {
        headers: auth,
        data: { layout: [{ blockType: 'hero', heading: 'After the quiet' }] },
      })
      expect(edited.ok()).toBe(true)
      const denied = await request.post(`${APP_A}/api/globals/site-settings`, {
        headers: auth,
        data: { analytics: { deniedRegions: [...deniedRegions, 'US-OH'] } },
      })
      expect(denied.ok()).toBe(true)
      // Nobody asks meanwhile, so nothing at the front refreshes its copies.
      await sleep(QUIET_MS)
      const page = await fetch(`${FRONT}/${slug}`)
      const edit = (await page.text()).includes('After the quiet')
      expect(edit, `the edit shown (served ${page.headers.get('x-cache-status')})`).toBe(true)
      expect(await regionAnswer()).toEqual({ region: 'US-OH', denied: true })

      const unpublished = await request.patch(`${APP_A}/api/pages/${id}`, { headers: auth, data: { _status: 'draft' } })
      expect(unpublished.ok()).toBe(true)
      await sleep(QUIET_MS)
      for (let ask = 0; ask < 2; ask++) {
        const gone = await fetch(`${FRONT}/${slug}`)
        expect(gone.status, `ask ${ask + 1}: served ${gone.headers.get('x-cache-status')}`).toBe(404)
      }
    } finally {
      await request.post(`${APP_A}/api/globals/site-settings`, {
        headers: auth,
        data: { analytics: { deniedRegions } },
      })
      await request.delete(`${APP_A}/api/pages/${id}`, { headers: auth, failOnStatusCode: false })
    }
  })
})
