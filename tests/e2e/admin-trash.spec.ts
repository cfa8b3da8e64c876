import { test, type APIRequestContext } from '@playwright/test'
import { adminToken } from './helpers'
import { EDIT_VISIBLE_MS, openAdmin, publishPage, signInAsAdmin, adminExpect as expect } from './support/admin'

// What the trash does to a page, its address, its redirects and the menus, and what a restore brings
// back: tests/integration/pages-trash.test.ts; what the sidebar's note says: redirects.test.ts.
// Here, an editor's round trip through the trash.

const statusOf = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { maxRedirects: 0 })).status()

test('a page moved to the trash from its edit view leaves the site, and comes back when restored from the trash', async ({
  context,
  page,
  request,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const stamp = Date.now()
  const title = `Trash round trip ${stamp}`
  const created = await publishPage(request, auth, `trash-round-trip-${stamp}`, title)
  const redirect = await request.post('/api/redirects', {
    headers: auth,
    data: { from: `/trash-old-${stamp}`, to: 'page', page: created.id },
  })
  expect(redirect.ok()).toBe(true)
  try {
    expect(await statusOf(request, created.path)).toBe(200)
    await signInAsAdmin(context, request)

    await openAdmin(page, `/collections/pages/${created.id}`)
    const note = page.locator('.deletion-note')
    await expect(note).toContainText(
      `If this page is moved to the trash:${created.path} answers 404 until it is restored.`,
    )
    await expect(note).toContainText(`The redirect from /trash-old-${stamp} answers 404 until it is restored.`)
    await page.locator('.doc-controls__popup button').first().click()
    await page.locator('#action-delete').click()
    const dialog = page.locator('.delete-document')
    await expect(dialog).toContainText(`move the Page ${title} to the trash`)
    await page.locator('#confirm-action').click()
    await expect(page).toHaveURL(/\/admin\/collections\/pages\/?(\?|$)/)
    await expect.poll(() => statusOf(request, created.path), { timeout: EDIT_VISIBLE_MS }).toBe(404)
    expect(await statusOf(request, `/trash-old-${stamp}`)).toBe(404)

    await openAdmin(page, '/collections/pages/trash')
    await page.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/collections/pages/trash/${created.id}`))
    await expect(page.locator('.deletion-note')).toContainText('In the trash:')
    await page.getByRole('button', { name: 'Restore' }).click()
    // The dialog restores a draft unless told otherwise (integration/pages-trash.test.ts); this page goes back public.
    const restoreDialog = page.getByRole('dialog').filter({ hasText: 'Confirm restoration' })
    await restoreDialog.getByText('Restore as published version').click()
    await expect(restoreDialog.getByRole('checkbox')).toBeChecked()
    await page.locator('#confirm-action').click()
    await expect.poll(() => statusOf(request, created.path), { timeout: EDIT_VISIBLE_MS }).toBe(200)
    expect(await statusOf(request, `/trash-old-${stamp}`)).toBe(301)
    await page.goto(created.path)
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible()
  } finally {
    await request.delete(`/api/pages?trash=true&where[id][equals]=${created.id}`, { headers: auth })
  }
})
