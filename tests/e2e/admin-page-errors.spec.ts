import { expect, test } from '@playwright/test'
import { duplicateAddressMessage } from '../../src/cms/collections/pageMessages'
import { ADMIN_TEST_TIMEOUT_MS, openAdmin, signInAsAdmin } from './support/admin'
import { adminToken } from './helpers'

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })

test.describe('the slug of a new page', () => {
  test.beforeEach(async ({ context, request, page }) => {
    await signInAsAdmin(context, request)
    await openAdmin(page, '/collections/pages/create')
  })

  test('typing a title fills the slug, until the editor types a slug', async ({ page }) => {
    await page.locator('#field-title').fill('Title Search: FAQ’s & Fees')
    await expect(page.locator('#field-slug')).toHaveValue('title-search-faqs-fees')
    await page.locator('#field-slug').fill('fees')
    await page.locator('#field-title').fill('Title Search: Costs')
    await expect(page.locator('#field-slug')).toHaveValue('fees')
  })
})

test.describe('a refused page', () => {
  test('shows the clash of addresses beside the slug, not as a toast about the path', async ({
    context,
    page,
    request,
  }) => {
    await signInAsAdmin(context, request)
    const token = await adminToken(request)
    const { docs } = await (
      await request.get('/api/pages?where[path][equals]=/faq&depth=0', { headers: { Authorization: `JWT ${token}` } })
    ).json()
    await openAdmin(page, `/collections/pages/${docs[0].id}`)
    await page.locator('#field-slug').fill('pricing')
    await page.getByRole('button', { name: 'Publish changes' }).click()
    const slugField = page.locator('xpath=//label[@for="field-slug"]/parent::div')
    await expect(slugField).toHaveClass(/error/)
    await expect(slugField).toContainText(duplicateAddressMessage('/pricing'))
    const faq = await request.get('/faq')
    expect(faq.status()).toBe(200)
  })
})

test('a refused save answers with the path of each refused field, which the admin needs to show it there', async ({
  request,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const { docs } = await (await request.get('/api/pages?where[path][equals]=/faq&depth=0', { headers: auth })).json()
  const refused = await request.patch(`/api/pages/${docs[0].id}`, { headers: auth, data: { slug: 'pricing' } })
  expect(refused.status()).toBe(400)
  const { errors } = await refused.json()
  expect(errors[0].data.errors).toEqual([{ path: 'slug', message: duplicateAddressMessage('/pricing') }])
})
