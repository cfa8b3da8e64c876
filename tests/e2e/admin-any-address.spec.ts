import { test } from '@playwright/test'
import { adminExpect as expect, fillAndWaitForChecks, openBlockPicker } from './support/admin'
import { E2E_PORT } from '../../playwright.config'
import { secondServer } from './support/secondServer'
import { adminCredentials, adminToken, pageAt } from './helpers'

// Which origins a session cookie counts from is a rule of each request: tests/integration/accounts-rest.test.ts.

// A server of the same build and database whose SERVER_URL names another host than the one the
// browser uses: a site reached by a second name, a staging address or its IP.
const PORT = E2E_PORT + 6
const CONFIGURED_ORIGIN = `http://localhost:${PORT}`
const server = secondServer(PORT, E2E_PORT, { SERVER_URL: CONFIGURED_ORIGIN })
const TITLE = `Any address ${Date.now()}`

test.beforeAll(async () => {
  await server.start()
})

test.afterAll(async ({ request }) => {
  await server.stop()
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const found = await request.get(`/api/pages?where[title][equals]=${encodeURIComponent(TITLE)}&draft=true&depth=0`, {
    headers: auth,
  })
  for (const doc of (await found.json()).docs ?? []) await request.delete(`/api/pages/${doc.id}`, { headers: auth })
})

test('the admin works at an address other than SERVER_URL: a block opens and a draft saves', async ({ page }) => {
  expect(server.origin).not.toBe(CONFIGURED_ORIGIN)
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(`${response.status()} ${response.url()}`)
  })
  const { email, password } = adminCredentials()
  await page.goto(`${server.origin}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${server.origin}/admin`)

  await page.goto(`${server.origin}/admin/collections/pages/create`)
  // Typed or clicked before React has taken the form over, a key or a click is lost.
  // Its check on the server is let finish first: an answer that came after the new block's would
  // put the form back as it was before the block.
  await fillAndWaitForChecks(page, page.getByLabel('Title').first(), TITLE)
  const hero = page.getByRole('button', { name: /^Hero/ }).first()
  await openBlockPicker(page, hero)
  await hero.click()
  // The block's fields come from the server; at a foreign address they never did.
  const heading = page.getByRole('textbox', { name: 'Heading' })
  await expect(heading).toBeVisible()
  await heading.fill('Reached by another name')
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(page.getByText('successfully', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('You are not allowed to perform this action.')).toHaveCount(0)
  expect(refused).toEqual([])
})

test('at an address other than SERVER_URL, the hero’s image shows its thumbnail, not a file icon', async ({
  page,
  request,
}) => {
  const home = await pageAt(request, await adminToken(request), '/')
  const { email, password } = adminCredentials()
  await page.goto(`${server.origin}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${server.origin}/admin`)
  await page.goto(`${server.origin}/admin/collections/pages/${home.id}`)
  const thumbnail = page.locator('#field-layout__0__image .thumbnail img')
  await expect(thumbnail).toBeVisible()
  expect(new URL((await thumbnail.getAttribute('src'))!).origin).toBe(server.origin)
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})
