import { expect, type Locator, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CONTACT_FORM_ID, CONTACT_MESSAGE_MIN_LENGTH, SEED_FORMS } from '../../src/setup/seed/content/forms'
import { formatMessage, MESSAGES } from '../../src/forms/validation'
import { seriousAxeViolations } from './support/axe'
import { chatAdmin, expectNoAgentOnline, prepareChatSuite, visitorName } from './support/chat'

// The consoles the suites before this one opened are closed; these tests need no agent online.
prepareChatSuite()
test.beforeAll(async ({ request }) => {
  await expectNoAgentOnline(request)
})
test('the API stub queues calls before the widget loads and a chat-button opens the widget', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto('/')
  await page.evaluate(() => {
    const api = (window as never as { LiveChatWidget: { call(m: string, a?: unknown): void } }).LiveChatWidget
    api.call('set_customer_name', '')
    api.call('set_customer_email', 'ann@example.com')
  })
  await page.locator('footer .chat-button').click()
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible()
  const data = await page.evaluate(() =>
    (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('customer_data'),
  )
  expect(data).toMatchObject({ name: '', email: 'ann@example.com', status: 'browsing' })
  expect(errors.some((text) => text.includes('set_customer_name'))).toBe(true)
  const state = await page.evaluate(() =>
    (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('state'),
  )
  expect(state).toEqual({ availability: 'offline', visibility: 'maximized' })
  await page.keyboard.press('Escape')
  await expect(page.locator('.chat-launcher')).toBeFocused()
})
/** Form 115 as seeded: what the widget's offline form must show. */
const CONTACT_FORM = SEED_FORMS.find((form) => form.data.id === CONTACT_FORM_ID)!.data
const CONTACT_FIELDS = CONTACT_FORM.fields as { name: string; label: string; blockType: string }[]
const CONTACT_SUCCESS_TEXT = String(CONTACT_FORM.successMessage)
const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000
/** How long a test waits to be sure that a navigation did not start. */
const NAVIGATION_GRACE_MS = 1500

test.describe('with no agent online, the offline message is a contact-form submission', () => {
  /** The form as the contact suite expects it: asking for the seeded proof-of-work captcha. */
  test.beforeAll(async ({ request }) => {
    const auth = { Authorization: `JWT ${chatAdmin()}` }
    expect(
      (await request.patch(`/api/forms/${CONTACT_FORM_ID}`, { headers: auth, data: { captcha: true } })).ok(),
    ).toBe(true)
    const settings = await request.post('/api/globals/site-settings', {
      headers: auth,
      data: { captcha: { provider: 'altcha' } },
    })
    expect(settings.ok()).toBe(true)
  })

  /** Each test is its own visitor behind the trusted front: the contact endpoint limits sends per address. */
  let visitorCount = 0
  test.beforeEach(async ({ page }) => {
    visitorCount++
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${visitorCount % 250}` })
  })

  /** Opens the widget while no agent is online; its offline form gets its behaviour as focus enters it. */
  async function openOfflineForm(page: Page, pagePath = '/') {
    await page.goto(pagePath)
    await page.locator('.chat-launcher').click()
    const dialog = page.getByRole('dialog', { name: 'Chat' })
    await expect(dialog.getByText('We are offline')).toBeVisible()
    const form = dialog.locator('form.site-form')
    await expect(form).toHaveAttribute('data-form-id', String(CONTACT_FORM_ID))
    await expect(form).toHaveAttribute('data-enhanced', 'true')
    return { dialog, form }
  }

  const rowOf = (form: Locator, name: string) =>
    form.locator('.form-field').filter({ has: form.page().locator(`[name="${name}"]`) })

  /** Fills every required field of form 115 but the message, as a visitor would. */
  async function fillAllButMessage(form: Locator, name: string) {
    await form.getByLabel('Your name').fill(name)
    await form.getByLabel('Email address').fill('olive@example.com')
    await rowOf(form, 'county').getByRole('combobox').fill('frank')
    await rowOf(form, 'county').getByRole('option', { name: 'Franklin County' }).click()
    await rowOf(form, 'service').getByRole('combobox').click()
    await rowOf(form, 'service').getByRole('option').first().click()
    await form.getByRole('radio', { name: 'Email' }).check()
    await form.getByRole('checkbox', { name: /I agree/ }).check()
  }

  /** Requests to the chat's visitor endpoint and to the contact endpoint, as the page sends them. */
  function recordPosts(page: Page) {
    const posts: { path: string; body: string }[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST')
        posts.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '' })
    })
    return posts
  }

  test("the widget shows form 115's fields, focus starts in it and Escape in a dropdown leaves the window open", async ({
    page,
  }) => {
    const { dialog, form } = await openOfflineForm(page)
    for (const field of CONTACT_FIELDS) {
      await expect(form.locator(`[name="${field.name}"]`).first()).toBeAttached()
      await expect(form.getByText(field.label).first()).toBeVisible()
    }
    await expect(form.getByLabel('Your name')).toBeFocused()
    // The searchable dropdown is keyboard-operated inside the window; its Escape closes its list only.
    const county = rowOf(form, 'county').getByRole('combobox')
    await county.focus()
    await page.keyboard.type('sum')
    await expect(rowOf(form, 'county').getByRole('listbox')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(rowOf(form, 'county').getByRole('listbox')).toBeHidden()
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.locator('.chat-launcher')).toBeFocused()
  })

  test("a message that is too short gets the shared engine's message and is not sent", async ({ page }) => {
    const posts = recordPosts(page)
    const { form } = await openOfflineForm(page)
    await fillAllButMessage(form, 'Short Sam')
    const message = form.locator('textarea[name="message"]')
    await message.fill('Please call me.')
    await form.getByRole('button', { name: String(CONTACT_FORM.submitLabel) }).click()
    const expected = formatMessage(MESSAGES.minlength, CONTACT_MESSAGE_MIN_LENGTH)
    await expect(rowOf(form, 'message').locator('mark.field-error')).toHaveText(expected)
    await expect(message).toHaveAttribute('aria-invalid', 'true')
    await expect(message).toBeFocused()
    expect(posts.filter((post) => post.path === '/api/contact' || post.path === '/api/chat/visitor')).toEqual([])
  })

  test('a complete message goes through the contact endpoint, is stored with its page and the widget says so', async ({
    page,
    request,
  }) => {
    const posts = recordPosts(page)
    const name = visitorName('Olive Offline')
    const { dialog, form } = await openOfflineForm(page, '/services')
    await fillAllButMessage(form, name)
    await form
      .locator('textarea[name="message"]')
      .fill('Please call me about a deed in Franklin County, parcel 010-123456-00, before the closing.')
    await expect(form.locator('input[name="altcha"]')).toHaveValue(/.+/, { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
    await form.getByRole('button', { name: String(CONTACT_FORM.submitLabel) }).click()
    const sent = dialog.getByRole('status').filter({ hasText: CONTACT_SUCCESS_TEXT })
    await expect(sent).toBeVisible()
    await expect(sent).toBeFocused()
    await expect(form).toHaveCount(0)

    const contactPosts = posts.filter((post) => post.path === '/api/contact')
    expect(contactPosts).toHaveLength(1)
    expect(JSON.parse(contactPosts[0].body)).toMatchObject({
      formId: String(CONTACT_FORM_ID),
      captcha: expect.any(String),
    })
    expect(posts.filter((post) => post.path === '/api/chat/visitor' && post.body.includes('offline_message'))).toEqual(
      [],
    )
    const response = await request.get(
      `/api/form-submissions?depth=0&limit=5&where[summary][like]=${encodeURIComponent(name)}`,
      { headers: { Authorization: `JWT ${chatAdmin()}` } },
    )
    const { docs } = (await response.json()) as { docs: { form: number; pageUrl?: string }[] }
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ form: CONTACT_FORM_ID, pageUrl: `${E2E_URL}/services` })
  })

  test("with a thank-you page set on the form, the widget's copy stays on its page and says it was sent", async ({
    page,
    request,
  }) => {
    const auth = { Authorization: `JWT ${chatAdmin()}` }
    const slug = `chat-thanks-${Date.now()}`
    const created = await request.post('/api/pages', {
      headers: auth,
      data: { title: 'Thanks', slug, _status: 'published', layout: [{ blockType: 'hero', heading: 'Thanks!' }] },
    })
    expect(created.ok()).toBe(true)
    const pageId = (await created.json()).doc.id as number
    const setThankYouPage = async (id: number | null) =>
      expect(
        (await request.patch(`/api/forms/${CONTACT_FORM_ID}`, { headers: auth, data: { thankYouPage: id } })).ok(),
      ).toBe(true)
    await setThankYouPage(pageId)
    try {
      const navigations: string[] = []
      const { dialog, form } = await openOfflineForm(page, '/services')
      page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()))
      await fillAllButMessage(form, visitorName('Tess Thanks'))
      await form
        .locator('textarea[name="message"]')
        .fill('Please send a quote for a current owner search on a parcel in Delaware County, Ohio.')
      await expect(form.locator('input[name="altcha"]')).toHaveValue(/.+/, { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact')
      await form.getByRole('button', { name: String(CONTACT_FORM.submitLabel) }).click()
      expect(await (await answer).json()).toEqual({ ok: true, thankYouPage: `/${slug}` })
      await expect(dialog.getByRole('status').filter({ hasText: CONTACT_SUCCESS_TEXT })).toBeVisible()
      // Long enough for a navigation the answer started to have shown itself.
      await page.waitForTimeout(NAVIGATION_GRACE_MS)
      expect(navigations).toEqual([])
      expect(page.url()).toBe(`${E2E_URL}/services`)
    } finally {
      await setThankYouPage(null)
      await request.delete(`/api/pages/${pageId}`, { headers: auth, failOnStatusCode: false })
    }
  })

  /** Every id that more than one element of the page carries. */
  const repeatedIds = (page: Page) =>
    page.evaluate(() => {
      const seen = new Map<string, number>()
      for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1)
      return [...seen].filter(([, count]) => count > 1).map(([id]) => id)
    })

  test("on the contact page the widget's copy of the form repeats no id and axe finds nothing serious; both copies mark an unanswered radio group with their own error, named by their own radios", async ({
    page,
  }) => {
    const { form } = await openOfflineForm(page, '/contact')
    // The page's own form, enhanced too.
    const pageForm = page.locator('#contact-form-115')
    await pageForm.getByLabel('Your name').focus()
    await expect(pageForm).toHaveAttribute('data-enhanced', 'true')
    await expect(form.locator('[role="combobox"][aria-controls]')).toHaveCount(3)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    expect(await repeatedIds(page)).toEqual([])
    expect(await seriousAxeViolations(page)).toEqual([])

    for (const copy of [form, pageForm]) {
      await copy.getByRole('button', { name: String(CONTACT_FORM.submitLabel) }).click()
      await expect(rowOf(copy, 'contactPreference').locator('mark.field-error')).toBeVisible()
    }
    for (const copy of [form, pageForm]) {
      const mark = rowOf(copy, 'contactPreference').locator('mark.field-error')
      const markId = await mark.getAttribute('id')
      expect(await page.locator(`[id="${markId}"]`).count()).toBe(1)
      const email = copy.getByRole('radio', { name: 'Email' })
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription(String(await mark.textContent()))
    }
    expect(await repeatedIds(page)).toEqual([])
  })
})
