import { test, type APIRequestContext } from '@playwright/test'
import { adminToken } from './helpers'
import {
  ADMIN_TEST_TIMEOUT_MS,
  type Auth,
  EDIT_VISIBLE_MS,
  openAdmin,
  publishPage,
  signInAsAdmin,
  adminExpect as expect,
} from './support/admin'

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })

/** The answer itself, not where following it leads. */
const answerTo = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 })

async function redirectIdsFrom(request: APIRequestContext, auth: Auth, from: string): Promise<number[]> {
  const found = await request.get(`/api/redirects?where[from][equals]=${encodeURIComponent(from)}`, { headers: auth })
  return ((await found.json()).docs as { id: number }[]).map((doc) => doc.id)
}

test.describe('redirect answers', () => {
  test('a renamed page’s old path answers 301 to the new one and stays out of the sitemap', async ({ request }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const slug = `redirected-page-${Date.now()}`
    const page = await publishPage(request, auth, slug, 'Redirected page')
    try {
      expect((await answerTo(request, `/${slug}`)).status()).toBe(200)
      const renamed = await request.patch(`/api/pages/${page.id}`, { headers: auth, data: { slug: `${slug}-new` } })
      expect(renamed.ok()).toBe(true)
      await expect
        .poll(async () => (await answerTo(request, `/${slug}`)).status(), { timeout: EDIT_VISIBLE_MS })
        .toBe(301)
      for (const method of ['GET', 'HEAD'] as const) {
        const again = await request.fetch(`/${slug}`, { method, maxRedirects: 0 })
        expect(again.status()).toBe(301)
        expect(again.headers().location).toBe(`/${slug}-new`)
      }
      // Campaign tags and any other query go along.
      const tagged = await request.get(`/${slug}?utm_source=news&utm_campaign=fall`, { maxRedirects: 0 })
      expect(tagged.status()).toBe(301)
      expect(tagged.headers().location).toBe(`/${slug}-new?utm_source=news&utm_campaign=fall`)
      await expect
        .poll(async () => (await request.get('/sitemap.xml')).text(), { timeout: EDIT_VISIBLE_MS })
        .toContain(`/${slug}-new<`)
      expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/${slug}<`)
    } finally {
      // Deleting the page takes its redirects with it.
      await request.delete(`/api/pages/${page.id}`, { headers: auth })
    }
    expect(await redirectIdsFrom(request, auth, `/${slug}`)).toEqual([])
  })

  test('a redirect to an address answers 301 there, and 404 again once it is deleted', async ({ request }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const from = `/old-listing-${Date.now()}`
    expect((await answerTo(request, from)).status()).toBe(404)
    const created = await request.post('/api/redirects', {
      headers: auth,
      data: { from, to: 'address', address: 'https://example.com/title-records' },
    })
    expect(created.ok()).toBe(true)
    const { id } = (await created.json()).doc
    try {
      await expect.poll(async () => (await answerTo(request, from)).status(), { timeout: EDIT_VISIBLE_MS }).toBe(301)
      expect((await answerTo(request, from)).headers().location).toBe('https://example.com/title-records')
      expect(await (await request.get('/sitemap.xml')).text()).not.toContain(from)
    } finally {
      await request.delete(`/api/redirects/${id}`, { headers: auth })
    }
    await expect.poll(async () => (await answerTo(request, from)).status(), { timeout: EDIT_VISIBLE_MS }).toBe(404)
  })

  test('an unknown path still answers 404, and a refused redirect names its field', async ({ request }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    expect((await answerTo(request, `/no-such-page-${Date.now()}`)).status()).toBe(404)
    expect((await answerTo(request, '/Not_A_Slug.html')).status()).toBe(404)
    for (const from of ['//evil.example', '/admin', '/a?b=1']) {
      const refused = await request.post('/api/redirects', {
        headers: auth,
        data: { from, to: 'address', address: 'https://example.com/' },
      })
      expect(refused.status()).toBe(400)
      expect((await refused.json()).errors[0].message).toContain('Old address')
    }
  })
})

test('an editor renames a published page in the admin, and its old link leads to the new address', async ({
  page,
  context,
  request,
}) => {
  const token = await signInAsAdmin(context, request)
  const auth = { Authorization: `JWT ${token}` }
  const slug = `renamed-in-admin-${Date.now()}`
  const created = await publishPage(request, auth, slug, 'Renamed in the admin')
  try {
    await openAdmin(page, `/collections/pages/${created.id}`)
    await page.locator('#field-slug').fill(`${slug}-after`)
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok())
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await saved
    await expect
      .poll(async () => (await answerTo(request, `/${slug}`)).status(), { timeout: EDIT_VISIBLE_MS })
      .toBe(301)
    await page.goto(`/${slug}`)
    await expect(page).toHaveURL(new RegExp(`/${slug}-after$`))
    await expect(page.getByRole('heading', { name: 'Renamed in the admin' }).first()).toBeVisible()
  } finally {
    await request.delete(`/api/pages/${created.id}`, { headers: auth })
  }
})

test('a page’s sidebar says what deleting it does: where its address goes and which redirects follow', async ({
  context,
  page,
  request,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const stamp = Date.now()
  const kept = await publishPage(request, auth, `deletion-kept-${stamp}`, 'Kept page')
  const doomed = await publishPage(request, auth, `deletion-doomed-${stamp}`, 'Doomed page')
  const redirect = await request.post('/api/redirects', {
    headers: auth,
    data: { from: `/deletion-old-${stamp}`, to: 'page', page: doomed.id },
  })
  expect(redirect.ok()).toBe(true)
  try {
    await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/pages/${doomed.id}`)
    const note = page.locator('.deletion-note')
    await expect(note).toContainText(`${doomed.path} answers 404`)
    await expect(note).toContainText(`The redirect from /deletion-old-${stamp} will be deleted with it.`)

    const chosen = await request.patch(`/api/pages/${doomed.id}`, {
      headers: auth,
      data: { redirectOnDelete: kept.id },
    })
    expect(chosen.ok()).toBe(true)
    await page.reload()
    await expect(note).toContainText(`${doomed.path} answers 301 to ${kept.path}.`)
    await expect(note).toContainText(`The redirect from /deletion-old-${stamp} will lead to ${kept.path}.`)
  } finally {
    await request.delete(`/api/pages/${doomed.id}`, { headers: auth })
    await request.delete(`/api/pages/${kept.id}`, { headers: auth })
  }
})
