import { test, type APIRequestContext } from '@playwright/test'
import { EDIT_VISIBLE_MS, openAdmin, publishPage, signInAsAdmin, adminExpect as expect } from './support/admin'

// Which redirects a rename, a deletion or an editor makes, and where each leads: tests/integration/redirects.test.ts;
// the 301 the server answers for them: src/server/pageResponses.test.ts. Here, an editor's rename, end to end.

/** The answer itself, not where following it leads. */
const answerTo = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 })

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
