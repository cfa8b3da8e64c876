import { test, type APIRequestContext, type Page } from '@playwright/test'
import { DELIVERY_POLL_INTERVAL_MS } from '../../src/contact/delivery/constants'
import { ACTION_LABELS, ACTION_MESSAGES } from '../../src/contact/inbox/protocol'
import { INBOX_VIEWS, whereQuery } from '../../src/contact/inbox/views'
import { MAIL_NOT_SENT_HEADING } from '../../src/contact/admin/MailNotSentNotice'
import { AT_A_GLANCE_HEADING } from '../../src/dashboard/constants'
import { seriousAxeViolations } from './support/axe'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'
import { mailsMentioning } from './helpers'
import { storeInboxMessages } from './support/inboxRows'

// What each action does (delivered once, refused twice, who and when recorded), and what the export
// holds: tests/integration/inbox-actions.test.ts, inbox-export.test.ts and contact-hold.test.ts; the
// reply link's address, subject and quote: src/contact/inbox/reply.test.ts. Here, an editor's path.

const stamp = Date.now().toString(36)
const FAILED = `Failed Fiona ${stamp}`
const SPAM = `Spammed Sid ${stamp}`
let failedId: number

async function statusOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/form-submissions/${id}?depth=0`, {
    headers: { Authorization: `JWT ${token}` },
  })
  return (await response.json()) as { deliveryStatus: string; handledAt?: string; history?: { action: string }[] }
}

const countIn = async (page: Page, key: string) =>
  Number(await page.locator(`.inbox-views a[data-view="${key}"] .inbox-views__count`).textContent())

test.describe('the submissions inbox', () => {
  test.beforeAll(async () => {
    ;[failedId] = await storeInboxMessages([
      { name: FAILED, state: 'failed' },
      { name: SPAM, state: 'spam' },
    ])
  })

  test('shows each view with its count from the database, applies its filter, and the export follows it', async ({
    page,
    context,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    // This server has no SMTP_URL: the dashboard and the list say that mail only reaches the outbox.
    await openAdmin(page, '')
    await expect(page.getByRole('region', { name: MAIL_NOT_SENT_HEADING })).toContainText('SMTP_URL')
    // Above it, at a glance: the mail's state, and the new requests as a link to their view.
    const glance = page.getByRole('region', { name: AT_A_GLANCE_HEADING })
    await expect(glance).toContainText('only written to the outbox')
    await expect(glance.getByRole('link', { name: 'View the site' })).toHaveAttribute('href', '/')
    expect(await seriousAxeViolations(page, '.at-a-glance')).toEqual([])
    await glance.getByRole('link', { name: /new requests?$/ }).click()
    await expect(page.locator('.inbox-views a[aria-current="page"]')).toHaveAttribute('data-view', 'new')
    await openAdmin(page, '/collections/form-submissions')
    await expect(page.getByRole('region', { name: MAIL_NOT_SENT_HEADING })).toContainText('data/outbox/')
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

  test('shows the message read-only with field and option labels and a reply by email, and Resend delivers it', async ({
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
    // Reply by email: to the visitor, "Re:" the form, with their message quoted.
    const reply = new URL((await message.getByRole('link', { name: 'Reply by email' }).getAttribute('href'))!)
    expect(reply.protocol).toBe('mailto:')
    expect(decodeURIComponent(reply.pathname)).toBe('inbox.visitor@example.com')
    expect(reply.searchParams.get('subject')).toMatch(/^Re: /)
    expect(reply.searchParams.get('body')).toMatch(new RegExp(`^> .*A request from ${FAILED} about parcel`, 'm'))
    // Nothing here is edited by hand: no Save, and no controls that suggest otherwise.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
    await page.getByRole('button', { name: ACTION_LABELS.resend }).click()
    await expect(page.getByText(ACTION_MESSAGES.done.resend)).toBeVisible()
    // Sent at once by the action; at the latest by the server's next look for due deliveries.
    await expect
      .poll(async () => (await statusOf(request, token, failedId)).deliveryStatus, {
        timeout: DELIVERY_POLL_INTERVAL_MS,
      })
      .toBe('outbox')
    await expect.poll(() => mailsMentioning(FAILED), { timeout: DELIVERY_POLL_INTERVAL_MS }).toBe(1)
    await expect(page.getByRole('button', { name: ACTION_LABELS.resend })).toHaveCount(0)
    await page.reload()
    const history = page.locator('#field-history')
    await expect(history).toContainText(ACTION_LABELS.resend)
    await expect(history.locator('.collapsible__drag, [class*="has-drag-handle"]')).toHaveCount(0)
    await expect(history.locator('.date-time-picker__clear-button:visible')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  })
})
