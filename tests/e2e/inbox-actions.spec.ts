import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { ACTION_LABELS, ACTION_MESSAGES } from '../../src/contact/inbox/protocol'
import { INBOX_VIEWS, whereQuery } from '../../src/contact/inbox/views'
import { ADMIN_TEST_TIMEOUT_MS, openAdmin, signInAsAdmin } from './support/admin'

const dataDir = path.resolve(process.cwd(), `.tmp/e2e-${E2E_PORT}`)
const outbox = path.join(dataDir, 'outbox')
const mailsMentioning = (marker: string) =>
  fs.existsSync(outbox)
    ? fs.readdirSync(outbox).filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(marker)).length
    : 0

/** Stores messages in the given states through a second Payload on the suite's database (as in production: no dev prompts). */
function storeMessages(wanted: { name: string; status: 'failed' | 'spam' }[]): number[] {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/e2e/support/inboxFixture.ts', dataDir, JSON.stringify(wanted)],
    { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', TSX_DISABLE_CACHE: '1' }, timeout: 90_000 },
  )
  const ids = /INBOX_IDS=(\[[\d,]*\])/.exec(run.stdout)
  if (!ids) throw new Error(`fixture failed: ${run.stdout}\n${run.stderr}`)
  return JSON.parse(ids[1]) as number[]
}

const stamp = Date.now().toString(36)
const FAILED = `Failed Fiona ${stamp}`
const SPAM = `Spammed Sid ${stamp}`
let failedId: number
let spamId: number

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
  test.beforeAll(() => {
    ;[failedId, spamId] = storeMessages([
      { name: FAILED, status: 'failed' },
      { name: SPAM, status: 'spam' },
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
    const exportLink = page.getByRole('link', { name: 'Export these as CSV' })
    const href = (await exportLink.getAttribute('href'))!
    expect(decodeURIComponent(href)).toContain('where[deliveryStatus][equals]=spam')
    const csv = await (await request.get(href, { headers: { Authorization: `JWT ${token}` } })).text()
    expect(csv).toContain(SPAM)
    expect(csv).not.toContain(FAILED)
    expect(csv).toContain('"Lien and judgment search"')
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
})
