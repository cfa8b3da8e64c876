import { expect, test, type APIRequestContext } from '@playwright/test'
import { categoryPath, NEWS_FEED_PATH, NEWS_PATH, postPath } from '../../src/content/posts/addresses'
import { adminToken } from './helpers'
import { seriousAxeViolations } from './support/axe'
import {
  ADMIN_TEST_TIMEOUT_MS,
  EDIT_VISIBLE_MS,
  fillAndWaitForChecks,
  openAdmin,
  signInAsAdmin,
  adminExpect,
} from './support/admin'

// The rules behind each step (order, pages, drafts, the feed's XML, the JSON-LD, what is revalidated)
// are tested in tests/integration/news-pages.test.ts and news-post-changes.test.ts. Here, an owner's
// path once: a post drafted, published from the admin, then found by a visitor everywhere the news
// shows it, each within 2 s.

test.setTimeout(ADMIN_TEST_TIMEOUT_MS)

const text = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { failOnStatusCode: false })).text()

test('a post published in the admin shows on /news, its category, its page, the feed, the sitemap and the search', async ({
  context,
  page,
  request,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const stamp = Date.now()
  const category = await request.post('/api/categories', {
    headers: auth,
    data: { name: `Market updates ${stamp}`, slug: `market-${stamp}` },
  })
  expect(category.ok()).toBe(true)
  const categoryDoc = (await category.json()).doc as { id: number; slug: string }
  const draft = await request.post('/api/posts?draft=true', {
    headers: auth,
    data: { title: `Draft ${stamp}`, slug: `rates-${stamp}`, categories: [categoryDoc.id], _status: 'draft' },
  })
  expect(draft.ok()).toBe(true)
  const post = (await draft.json()).doc as { id: number; slug: string }
  const title = `Franklin County rates ${stamp}`
  const path = postPath(post.slug)
  try {
    // Visitors see the news section before the post is public (and cache it).
    expect(await text(request, NEWS_PATH)).not.toContain(path)
    expect((await request.get(path, { failOnStatusCode: false })).status()).toBe(404)

    await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/posts/${post.id}`)
    await fillAndWaitForChecks(page, page.locator('#field-title'), title)
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await adminExpect(page.getByRole('button', { name: 'Publish changes' })).toBeDisabled()

    const visible = { timeout: EDIT_VISIBLE_MS, intervals: [100] }
    await expect.poll(() => text(request, NEWS_PATH), visible).toContain(`href="${path}"`)
    await expect.poll(() => text(request, categoryPath(categoryDoc.slug)), visible).toContain(`href="${path}"`)
    await expect.poll(() => text(request, NEWS_FEED_PATH), visible).toContain(`${path}</id>`)
    await expect.poll(() => text(request, '/sitemap.xml'), visible).toContain(`${path}</loc>`)

    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.goto(NEWS_PATH)
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', path)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.goto(`/search?q=${encodeURIComponent(`Franklin ${stamp}`)}`)
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', path)
  } finally {
    await request.delete(`/api/posts/${post.id}`, { headers: auth })
    await request.delete(`/api/categories/${categoryDoc.id}`, { headers: auth })
  }
})
