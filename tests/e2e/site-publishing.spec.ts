import { expect, test, type APIRequestContext } from '@playwright/test'
import { CACHED_PAGE_CACHE_CONTROL } from '../../src/server/pageResponses'
import { adminToken, pageAt } from './helpers'

/** The longest an edit may take to reach visitors. */
const PUBLISH_VISIBLE_MS = 2000

/** Polls until `check` holds and returns how long it took; fails after PUBLISH_VISIBLE_MS. */
async function millisecondsUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  await expect.poll(check, { timeout: PUBLISH_VISIBLE_MS, intervals: [50] }).toBe(true)
  return Date.now() - started
}

const pageText = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { failOnStatusCode: false })).text()
// Which pages visitors may read (a draft never: tests/integration/access.test.ts, known-addresses.test.ts)
// is tested below the browser; here, how soon the built server's cached pages follow an edit.
test.describe('cached pages', () => {
  test('a page is rendered once and then served from the cache', async ({ request }) => {
    await request.get('/services')
    const again = await request.get('/services')
    expect(again.headers()['x-nextjs-cache']).toBe('HIT')
    expect(again.headers()['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
  })

  test('a published edit shows on the page within 2 s', async ({ request }) => {
    const token = await adminToken(request)
    const auth = { Authorization: `JWT ${token}` }
    const about = await pageAt(request, token, '/about')
    await request.get('/about')
    const newTitle = `About the firm ${Date.now()}`
    try {
      const patch = await request.patch(`/api/pages/${about.id}`, {
        headers: auth,
        data: { seo: { ...about.seo, title: newTitle }, _status: 'published' },
      })
      expect(patch.ok()).toBe(true)
      await millisecondsUntil(async () => (await pageText(request, '/about')).includes(`<title>${newTitle}`))
    } finally {
      await request.patch(`/api/pages/${about.id}`, { headers: auth, data: { seo: about.seo } })
    }
  })

  test('a renamed page moves within 2 s: its old address answers 301 to the new one, the sitemap follows', async ({
    request,
  }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const slug = `moving-page-${Date.now()}`
    const created = await request.post('/api/pages', {
      headers: auth,
      data: {
        title: 'Moving page',
        slug,
        layout: [{ blockType: 'hero', heading: 'On the move' }],
        _status: 'published',
      },
    })
    const id = (await created.json()).doc.id
    try {
      await millisecondsUntil(async () => (await request.get(`/${slug}`)).status() === 200)
      await request.get('/sitemap.xml')
      const renamed = await request.patch(`/api/pages/${id}`, { headers: auth, data: { slug: `${slug}-moved` } })
      expect(renamed.ok()).toBe(true)
      await millisecondsUntil(async () => (await request.get(`/${slug}`, { maxRedirects: 0 })).status() === 301)
      expect((await request.get(`/${slug}`, { maxRedirects: 0 })).headers().location).toBe(`/${slug}-moved`)
      expect((await request.get(`/${slug}-moved`)).status()).toBe(200)
      await millisecondsUntil(async () => (await pageText(request, '/sitemap.xml')).includes(`/${slug}-moved<`))
    } finally {
      await request.delete(`/api/pages/${id}`, { headers: auth, failOnStatusCode: false })
    }
  })

  test('an unpublished page answers 404 within 2 s and a deleted one leaves the sitemap within 2 s', async ({
    request,
  }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const slug = `cached-page-${Date.now()}`
    const created = await request.post('/api/pages', {
      headers: auth,
      data: {
        title: 'A page for a while',
        slug,
        layout: [{ blockType: 'hero', heading: 'Here now' }],
        _status: 'published',
      },
    })
    expect(created.ok()).toBe(true)
    const id = (await created.json()).doc.id
    try {
      await millisecondsUntil(async () => (await request.get(`/${slug}`)).status() === 200)
      await millisecondsUntil(async () => (await pageText(request, '/sitemap.xml')).includes(`/${slug}<`))
      expect((await request.get(`/${slug}`)).headers()['x-nextjs-cache']).toBe('HIT')

      expect((await request.patch(`/api/pages/${id}`, { headers: auth, data: { _status: 'draft' } })).ok()).toBe(true)
      await millisecondsUntil(async () => (await request.get(`/${slug}`, { failOnStatusCode: false })).status() === 404)

      await request.patch(`/api/pages/${id}`, { headers: auth, data: { _status: 'published' } })
      await millisecondsUntil(async () => (await request.get(`/${slug}`, { failOnStatusCode: false })).status() === 200)
      expect((await request.delete(`/api/pages/${id}`, { headers: auth })).ok()).toBe(true)
      await millisecondsUntil(async () => (await request.get(`/${slug}`, { failOnStatusCode: false })).status() === 404)
      await millisecondsUntil(async () => !(await pageText(request, '/sitemap.xml')).includes(`/${slug}<`))
    } finally {
      await request.delete(`/api/pages/${id}`, { headers: auth, failOnStatusCode: false })
    }
  })

  test('a change to the header shows on every page within 2 s', async ({ request }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const header = await (await request.get('/api/globals/header?depth=0', { headers: auth })).json()
    await Promise.all(['/', '/pricing'].map((path) => request.get(path)))
    const label = `Order a search ${Date.now()}`
    try {
      const saved = await request.post('/api/globals/header', {
        headers: auth,
        data: { cta: { ...header.cta, link: { ...header.cta.link, label } } },
      })
      expect(saved.ok()).toBe(true)
      for (const path of ['/', '/pricing'])
        await millisecondsUntil(async () => (await pageText(request, path)).includes(label))
    } finally {
      await request.post('/api/globals/header', { headers: auth, data: { cta: header.cta } })
    }
  })
})
