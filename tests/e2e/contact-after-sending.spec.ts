import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { LEAD_EVENT, PAGE_VIEW_EVENT } from '../../src/analytics/events'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { businessTime } from '../../src/content/businessHours'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { DEFAULT_SENT_NOTE, sentNoteText } from '../../src/contact/afterSending/settings'
import { NOTE_CLASS } from '../../src/contact/form/messageDisplay'
import { MESSAGE_DISPLAY_MS } from '../../src/contact/form/messageArea'
import { E2E_URL } from '../../playwright.config'
import { adminToken } from './helpers'
import { seriousAxeViolations } from './support/axe'
import { chromeAttached } from './support/chrome'
import {
  captchaSolved,
  fillValidForm,
  form,
  freezeClock,
  longMessage,
  messageArea,
  messageBox,
  openContactForm,
  prepareContactSuite,
  repetition,
  sendButton,
  setCaptchaProvider,
  submissionsMentioning,
  SUCCESS_TEXT,
} from './support/contactForm'

prepareContactSuite()

/** The window of the issue: a laptop where the message area under Send falls below the fold. */
const LAPTOP = { width: 1280, height: 900 }

const note = (page: Page) => form(page).locator(`.${NOTE_CLASS}`)

/** Records how the page asks to scroll elements into view (smoothly or not). */
async function recordScrollRequests(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[] = []
    ;(window as never as { __scrolls: unknown[] }).__scrolls = calls
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      calls.push({ className: this.className, options })
      return original.call(this, options)
    }
  })
  return () => page.evaluate(() => (window as never as { __scrolls: unknown[] }).__scrolls)
}

/** Fills the form, waits for the captcha, and scrolls so that Send sits on the window's bottom edge. */
async function readyToSend(page: Page, tag: string) {
  await openContactForm(page)
  await fillValidForm(page, tag)
  await captchaSolved(page)
  await sendButton(page).evaluate((button) => button.scrollIntoView({ block: 'end' }))
  await expect(sendButton(page)).toBeInViewport({ ratio: 1 })
}

test.describe('after a send, at 1280×900', () => {
  test.use({ viewport: LAPTOP })

  test('the message area comes into view smoothly as a polite live region; after 2 s and the reset the note with the sent time stays, axe clean', async ({
    page,
    request,
  }) => {
    const tag = `note-run-${repetition()}`
    const scrolls = await recordScrollRequests(page)
    await page.clock.install()
    await readyToSend(page, tag)
    await freezeClock(page)
    await sendButton(page).click()

    // The form's message area (its dropdowns have status regions of their own).
    const status = messageArea(page)
    await expect(status).toHaveAttribute('role', 'status')
    await expect(status).toHaveAttribute('aria-live', 'polite')
    await expect(status).toHaveAttribute('data-state', 'success')
    await expect(status).toHaveText(SUCCESS_TEXT)
    await expect(messageArea(page)).toBeInViewport({ ratio: 1 })
    expect(await scrolls()).toContainEqual({
      className: 'form-message',
      options: { block: 'nearest', behavior: 'smooth' },
    })

    await page.clock.runFor(MESSAGE_DISPLAY_MS)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await expect(messageArea(page)).toHaveText('')
    await expect(messageBox(page)).toHaveValue('')
    const [stored] = (await submissionsMentioning(request, tag)) as Array<{ createdAt: string }>
    const expected = sentNoteText(DEFAULT_SENT_NOTE, businessTime(stored.createdAt, { clockOnly: true }))
    expect(expected).toMatch(/^Sent at \d{1,2}:\d{2} [AP]M E[SD]T\. We answer within one business day\.$/)
    await expect(note(page)).toHaveText(expected)
    await expect(note(page)).toBeInViewport({ ratio: 1 })

    // It stays: a visitor who looks back later still sees that the request went out.
    await page.clock.runFor(10 * MESSAGE_DISPLAY_MS)
    await expect(note(page)).toHaveText(expected)
    await page.clock.resume()
    expect(await seriousAxeViolations(page, '#contact-form-115')).toEqual([])
  })

  test('with reduced motion the message area is brought into view at once, not smoothly', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const scrolls = await recordScrollRequests(page)
    await readyToSend(page, `reduced-run-${repetition()}`)
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', /loading|success/)
    await expect(messageArea(page)).toBeInViewport({ ratio: 1 })
    const areaScrolls = ((await scrolls()) as Array<{ className: string; options: object }>).filter(
      (call) => call.className === 'form-message',
    )
    expect(areaScrolls.length).toBeGreaterThan(0)
    for (const call of areaScrolls) expect(call.options).toEqual({ block: 'nearest', behavior: 'auto' })
  })
})

type CollectedEvent = { name: string; path: string; ts: string; props?: Record<string, unknown> }

/** The events the first-party collector stored since `since`, as the analytics dashboard reads them. */
async function collectedSince(request: APIRequestContext, since: string): Promise<CollectedEvent[]> {
  const headers = { Authorization: `JWT ${await adminToken(request)}` }
  const query = `where[ts][greater_than_equal]=${encodeURIComponent(since)}&limit=200&depth=0`
  const response = await request.get(`/api/analytics-events?${query}`, { headers })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { docs: CollectedEvent[] }).docs
}

async function setThankYouPage(request: APIRequestContext, pageId: number | null) {
  const headers = { Authorization: `JWT ${await adminToken(request)}` }
  const response = await request.patch(`/api/forms/${CONTACT_FORM_ID}`, { headers, data: { thankYouPage: pageId } })
  expect(response.ok()).toBe(true)
}

/**
 * Runs with form 115 sending to a new published page, then puts the form back and deletes the page.
 * The change reaches the contact endpoint at once: the form's edit clears the server's copy of it.
 */
async function withThankYouPage(request: APIRequestContext, run: (slug: string) => Promise<void>) {
  const slug = `thanks-${Date.now()}`
  const headers = { Authorization: `JWT ${await adminToken(request)}` }
  const created = await request.post('/api/pages', {
    headers,
    data: { title: 'Thank you', slug, _status: 'published', layout: [{ blockType: 'hero', heading: 'Thanks!' }] },
  })
  expect(created.ok()).toBe(true)
  const pageId = (await created.json()).doc.id as number
  await setThankYouPage(request, pageId)
  try {
    await run(slug)
  } finally {
    await setThankYouPage(request, null)
    await request.delete(`/api/pages/${pageId}`, { headers, failOnStatusCode: false })
  }
}

test.describe('a form set to a thank-you page', () => {
  // A visitor who allowed analytics, so the collector sends what the form reports.
  test.use({
    viewport: LAPTOP,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: E2E_URL,
          localStorage: [
            {
              name: CONSENT_STORAGE_KEY,
              value: JSON.stringify({ v: 1, analytics: true, ads: false, expires: Date.now() + CONSENT_MAX_AGE_MS }),
            },
          ],
        },
      ],
    },
  })

  test('goes there after a successful send; the conversion event is sent once, not again on reload', async ({
    page,
    request,
  }) => {
    await withThankYouPage(request, async (slug) => {
      const since = new Date().toISOString()
      const named = async (name: string, path?: string) =>
        (await collectedSince(request, since)).filter(
          (event) => event.name === name && (path === undefined || event.path === path),
        )
      await readyToSend(page, `thanks-run-${repetition()}`)
      await sendButton(page).click()
      await expect(page).toHaveURL(`${E2E_URL}/${slug}`)
      await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible()
      await expect.poll(async () => (await named(LEAD_EVENT)).length, { timeout: 15_000 }).toBe(1)
      expect((await named(LEAD_EVENT))[0]).toMatchObject({
        path: '/contact',
        props: { form_id: String(CONTACT_FORM_ID) },
      })

      await page.reload()
      await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible()
      // Its scripts have run (the view is queued); it is left before it is idle more often than not.
      await chromeAttached(page)
      // Leaving the reloaded page sends what it queued: its own view, and no second lead.
      await page.goto('/faq')
      await expect.poll(async () => (await named(PAGE_VIEW_EVENT, `/${slug}`)).length, { timeout: 15_000 }).toBe(2)
      expect(await named(LEAD_EVENT)).toHaveLength(1)
    })
  })
})

test.describe('a form set to a thank-you page, in a browser without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain post lands on the thank-you page', async ({ page, request }) => {
    await setCaptchaProvider(request, 'none')
    try {
      await withThankYouPage(request, async (slug) => {
        const tag = `thanks-plain-run-${repetition()}`
        await page.goto('/contact')
        await page.getByLabel('Your name').fill('Plain Thanks')
        await page.getByLabel('Email address').fill('plain.thanks@example.com')
        await form(page).locator('select[name="county"]').selectOption('franklin')
        await form(page).locator('select[name="service"]').selectOption('lien-search')
        await page.getByRole('radio', { name: 'Email' }).check()
        await messageBox(page).fill(longMessage(tag))
        await page.getByRole('checkbox', { name: /I agree/ }).check()
        await sendButton(page).click()
        await expect(page).toHaveURL(`${E2E_URL}/${slug}`)
        await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible()
        expect(await submissionsMentioning(request, tag)).toHaveLength(1)
      })
    } finally {
      await setCaptchaProvider(request, 'altcha')
    }
  })
})
