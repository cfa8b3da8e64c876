import { test, type APIRequestContext } from '@playwright/test'
import type { Footer } from '../../src/payload-types'
import { SEED_HEADER } from '../../src/setup/seed/content/globals'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'

// Where a page is used in the menus, and what deleting it does to them: tests/integration/menus.test.ts.

const FOOTER_COLUMN = 'Company'
const TEMPORARY_LABEL = 'Temporary menu page'

const readFooter = async (request: APIRequestContext, auth: Record<string, string>): Promise<Footer> =>
  (await request.get('/api/globals/footer?depth=0', { headers: auth })).json()

test.describe('menus in the admin', () => {
  test('a page in the footer shows where it is used; deleting it takes its entry out and the footer still saves', async ({
    context,
    page,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    const auth = { Authorization: `JWT ${token}` }
    const footerBefore = await readFooter(request, auth)
    const created = await request.post('/api/pages', {
      headers: auth,
      data: {
        title: 'Temporary menu page',
        slug: `temporary-menu-page-${Date.now()}`,
        _status: 'published',
        layout: [{ blockType: 'hero', heading: 'Here for a moment' }],
      },
    })
    expect(created.ok()).toBe(true)
    const pageId = (await created.json()).doc.id
    try {
      const columns = structuredClone(footerBefore.columns ?? [])
      const company = columns.find((column) => column.heading === FOOTER_COLUMN)!
      company.links = [...(company.links ?? []), { link: { label: TEMPORARY_LABEL, kind: 'page', page: pageId } }]
      expect((await request.post('/api/globals/footer', { headers: auth, data: { columns } })).ok()).toBe(true)

      await openAdmin(page, `/collections/pages/${pageId}`)
      const note = page.locator('.in-menus-note')
      await expect(note).toContainText(`Footer › ${FOOTER_COLUMN} › ${TEMPORARY_LABEL}`)
      await expect(note.getByRole('link').first()).toHaveAttribute('href', '/admin/globals/footer')
      await expect(note).toContainText('Deleting this page for good removes these entries')

      await page.locator('.doc-controls__popup button').first().click()
      await page.locator('#action-delete').click()
      // Deleted for good: moving it to the trash only hides its entries (admin-trash.spec.ts).
      const deleteForGood = page.locator('.delete-document__checkbox input[type="checkbox"]')
      await expect(page.locator('.delete-document__checkbox')).toContainText('Skip trash and delete permanently')
      await deleteForGood.click()
      await expect(deleteForGood).toBeChecked()
      await page.locator('#confirm-action').click()
      await expect(page).toHaveURL(/\/admin\/collections\/pages\/?(\?|$)/)

      const footerAfter = await readFooter(request, auth)
      const labels = footerAfter.columns
        ?.find((column) => column.heading === FOOTER_COLUMN)
        ?.links?.map((row) => row.link.label)
      expect(labels).toEqual(
        footerBefore.columns?.find((column) => column.heading === FOOTER_COLUMN)?.links?.map((row) => row.link.label),
      )

      // The deletion revalidates every page; the footer seen by visitors has no entry left for it.
      await expect(async () => {
        await page.goto('/about')
        const footerColumn = page.locator('.site-footer').getByRole('navigation', { name: FOOTER_COLUMN })
        await expect(footerColumn.locator('li')).toHaveCount(labels!.length, { timeout: 1000 })
        await expect(footerColumn.getByRole('link')).toHaveCount(labels!.length, { timeout: 1000 })
      }).toPass({ timeout: 7000 })
      await expect(page.locator('.site-footer li:not(:has(a[href]))')).toHaveCount(0)

      await openAdmin(page, '/globals/footer')
      await page.locator('#field-note').fill(`${footerBefore.note ?? ''} `)
      await page.locator('#action-save').click()
      await expect(page.locator('.payload-toast-container')).toContainText(/successfully/i)
    } finally {
      await request.delete(`/api/pages/${pageId}`, { headers: auth, failOnStatusCode: false })
      await request.post('/api/globals/footer', {
        headers: auth,
        data: { columns: footerBefore.columns, note: footerBefore.note },
      })
    }
  })

  test('the header screen names its rows by their link text and opens with them folded', async ({
    context,
    page,
    request,
  }) => {
    await signInAsAdmin(context, request)
    await openAdmin(page, '/globals/header')
    const seeded = (SEED_HEADER.items ?? []).map((item) => item.link.label)
    // Folded at first: only the top-level rows show, each named by its link text, not "Item 01".
    const shownRows = page.locator('.array-field__row-header:visible')
    await expect(shownRows).toHaveCount(seeded.length)
    expect((await shownRows.allInnerTexts()).map((text) => text.trim())).toEqual(seeded)
    await expect(page.getByText('Lien and judgment search', { exact: true })).toBeHidden()
  })
})
