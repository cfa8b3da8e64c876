import { test, type APIRequestContext, type Page } from '@playwright/test'
import { ACTION_LABELS, ACTION_MESSAGES } from '../../src/contact/inbox/protocol'
import { INBOX_VIEWS, whereQuery } from '../../src/contact/inbox/views'
import { ADMIN_TEST_TIMEOUT_MS, openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'
import { mailsMentioning } from './helpers'
import { storeInboxMessages } from './support/inboxRows'

const stamp = Date.now().toString(36)
const FAILED = `Failed Fiona ${stamp}`
const SPAM = `Spammed Sid ${stamp}`
const HELD = `Held Hana ${stamp}`
let failedId: number
let spamId: number
let heldId: number

async function statusOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/form-submissions/${id}?depth=0`, {
    headers: { Authorization: `JWT ${token}` },
  })
  return (await response.json()) as { deliveryStatus: string; handledAt?: string; history?: { action: string }[] }
}

const countIn = async (page: Page, key: string) =>
  Number(await page.locator(`.inbox-views a[data-view="${key}"] .inbox-views__count`).textContent())

test.describe('the submissions inbox', () => {
  test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })
  test.beforeAll(async () => {
    ;[failedId, spamId, heldId] = await storeInboxMessages([
      { name: FAILED, state: 'failed' },
      { name: SPAM, state: 'spam' },
      { name: HELD, state: 'held' },
    ])
  })

  test('shows each view with its count from the database, applies its filter, and the export follows it', async ({
    page,
    context,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    await openAdmin(page, '/collections/form-submissions')
    for (const view of INBOX_VIEWS) {
      const expected = await request.get(`/api/form-submissions?${whereQuery(view.where)}&limit=1&depth=0`, {
        headers: { Authorization: `JWT ${token}` },
      })
      expect(expected.ok()).toBe(true)
      expect(await countIn(page, view.key), view.label).toBe((await expected.json()).totalDocs)
    }
    await page.locator('.inbox-views a[data-view="spam"]').click()
    await expect(page).toHaveURL(/where%5BdeliveryStatus%5D%5Bequals%5D=spam|where\[deliveryStatus\]\[equals\]=spam/)
    await expect(page.getByRole('link', { name: new RegExp(SPAM) })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(FAILED) })).toHaveCount(0)
    // The view shown is marked, for the eye and for screen readers; the others are not.
    await expect(page.locator('.inbox-views a[aria-current="page"]')).toHaveAttribute('data-view', 'spam')
    await expect(page.locator('.inbox-views a[aria-current="page"]')).toHaveCount(1)
    const exportLink = page.getByRole('link', { name: 'Export these as CSV' })
    const href = (await exportLink.getAttribute('href'))!
    expect(decodeURIComponent(href)).toContain('where[deliveryStatus][equals]=spam')
    const csv = await (await request.get(href, { headers: { Authorization: `JWT ${token}` } })).text()
    expect(csv).toContain(SPAM)
    expect(csv).not.toContain(FAILED)
    expect(csv).toContain('"Lien and judgment search"')

    // The search box narrows the export too.
    await page.goto(`/admin/collections/form-submissions?${whereQuery({ deliveryStatus: { equals: 'spam' } })}`)
    const search = page.locator('#search-filter-input')
    await search.fill(`Nobody by this name ${stamp}`)
    await expect(page).toHaveURL(/search=Nobody/)
    const narrowed = (await page.getByRole('link', { name: 'Export these as CSV' }).getAttribute('href'))!
    expect(new URL(narrowed, 'http://site.test').searchParams.get('search')).toBe(`Nobody by this name ${stamp}`)
    const none = await (await request.get(narrowed, { headers: { Authorization: `JWT ${token}` } })).text()
    expect(none).not.toContain(SPAM)
  })

  test('shows the message read-only with field and option labels, and Resend delivers it exactly once', async ({
    page,
    context,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/form-submissions/${failedId}`)
    const message = page.getByRole('region', { name: 'Message' })
    await expect(message.getByText('County where the property is')).toBeVisible()
    await expect(message.getByText('Franklin County')).toBeVisible()
    await expect(message.getByText('Lien and judgment search')).toBeVisible()
    await expect(page.getByText(/Datum 01/)).toHaveCount(0)
    await expect(page.locator('textarea[name*="data"]')).toHaveCount(0)
    // Nothing here is edited by hand: no Save, and no controls that suggest otherwise.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
    const resend = page.getByRole('button', { name: ACTION_LABELS.resend })
    await resend.click()
    await expect(page.getByText(ACTION_MESSAGES.done.resend)).toBeVisible()
    await expect
      .poll(async () => (await statusOf(request, token, failedId)).deliveryStatus, { timeout: 20_000 })
      .toBe('delivered')
    await expect(page.getByRole('button', { name: ACTION_LABELS.resend })).toHaveCount(0)
    const again = await request.post(`/api/form-submissions/${failedId}/resend`, {
      headers: { Authorization: `JWT ${token}` },
    })
    expect(again.status()).toBe(409)
    await page.waitForTimeout(2_000)
    expect(mailsMentioning(FAILED)).toBe(1)
    expect((await statusOf(request, token, failedId)).history?.map((entry) => entry.action)).toEqual(['resend'])
    await page.reload()
    const history = page.locator('#field-history')
    await expect(history).toContainText(ACTION_LABELS.resend)
    await expect(history.locator('.collapsible__drag, [class*="has-drag-handle"]')).toHaveCount(0)
    await expect(history.locator('.date-time-picker__clear-button:visible')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  })

  test('offers Reply by email: to the visitor, "Re:" the form, with their message quoted', async ({
    page,
    context,
    request,
  }) => {
    await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/form-submissions/${heldId}`)
    const reply = page.getByRole('region', { name: 'Message' }).getByRole('link', { name: 'Reply by email' })
    const href = new URL((await reply.getAttribute('href'))!)
    expect(href.protocol).toBe('mailto:')
    expect(decodeURIComponent(href.pathname)).toBe('inbox.visitor@example.com')
    expect(href.searchParams.get('subject')).toMatch(/^Re: /)
    expect(href.searchParams.get('body')).toMatch(new RegExp(`^> .*A request from ${HELD} about parcel`, 'm'))
  })

  test('delivers a message marked spam with Not spam, and marks it handled', async ({ page, context, request }) => {
    const token = await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/form-submissions/${spamId}`)
    await page.getByRole('button', { name: ACTION_LABELS.notSpam }).click()
    await expect(page.getByText(ACTION_MESSAGES.done.notSpam)).toBeVisible()
    await expect
      .poll(async () => (await statusOf(request, token, spamId)).deliveryStatus, { timeout: 20_000 })
      .toBe('delivered')
    await expect.poll(() => mailsMentioning(SPAM), { timeout: 20_000 }).toBe(1)
    await page.getByRole('button', { name: ACTION_LABELS.handled }).click()
    await expect(page.getByText(ACTION_MESSAGES.done.handled)).toBeVisible()
    const stored = await statusOf(request, token, spamId)
    expect(stored.handledAt).toBeTruthy()
    expect(stored.history?.map((entry) => entry.action)).toEqual(['notSpam', 'handled'])
    await expect(page.getByRole('button', { name: ACTION_LABELS.handled })).toHaveCount(0)
  })

  test('releases a held message for delivery, mailed once, and records who did it', async ({
    page,
    context,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/form-submissions/${heldId}`)
    await page.getByRole('button', { name: ACTION_LABELS.release }).click()
    await expect(page.getByText(ACTION_MESSAGES.done.release)).toBeVisible()
    await expect
      .poll(async () => (await statusOf(request, token, heldId)).deliveryStatus, { timeout: 20_000 })
      .toBe('delivered')
    await expect.poll(() => mailsMentioning(HELD), { timeout: 20_000 }).toBe(1)
    await expect(page.getByRole('button', { name: ACTION_LABELS.release })).toHaveCount(0)
    const again = await request.post(`/api/form-submissions/${heldId}/release`, {
      headers: { Authorization: `JWT ${token}` },
    })
    expect(again.status()).toBe(409)
    expect((await statusOf(request, token, heldId)).history).toEqual([
      expect.objectContaining({ action: 'release', by: expect.stringMatching(/@/), at: expect.any(String) }),
    ])
  })
})
