import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { E2E_PORT, E2E_URL, FIRST_VISIT, RETURNING_VISITOR } from '../../playwright.config'
import {
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_POST_LIMIT,
  CHAT_RECONNECT_MAX_TRIES,
  CHAT_SOUND_THROTTLE_MS,
} from '../../src/chat/constants'
import { reconnectDelay } from '../../src/chat/reconnect'
import { CONTACT_FORM_ID, CONTACT_MESSAGE_MIN_LENGTH, SEED_FORMS } from '../../src/cms/seed/content/forms'
import { formatMessage, MESSAGES } from '../../src/forms/validation'
import { adminToken } from './helpers'
import { seriousAxeViolations } from './support/axe'
import { startDropProxy } from './support/dropProxy'
import { CHAT_IDLE_TIMEOUT_MS } from '../../src/chat/ChatLoader'
import { LIVECHAT_CONSENT_TYPE } from '../../src/chat/livechat/consent'
import { BUILTIN_CONFIG_PATH } from '../../src/chat/lookup'
import { CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { secondServer } from './support/secondServer'
import { LIVECHAT_STAND_IN_OFFSET, startLiveChatStandIn, type StandInAnswer } from './support/liveChatStandIn'

const AGENT = { email: 'chat-agent@example.com', password: 'agent-password-for-tests', name: 'Ada Agent' }
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b20000000049454e44ae426082',
  'hex',
)

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request)
  const created = await request.post('/api/users', {
    headers: { Authorization: `JWT ${admin}` },
    data: { ...AGENT, roles: ['agent'] },
  })
  expect([201, 400]).toContain(created.status())
})

async function setChatSettings(request: APIRequestContext, chat: Record<string, unknown>) {
  const response = await request.post('/api/globals/site-settings', {
    headers: { Authorization: `JWT ${admin}` },
    data: { chat },
  })
  expect(response.ok()).toBe(true)
}

/** An agent signed in to the console, in a browser context of their own. */
async function openConsole(browser: Browser, origin = ''): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${origin}/agent`)
  await expect(page).toHaveURL(/\/agent\/login$/)
  await page.getByLabel('Email').fill(AGENT.email)
  await page.getByLabel('Password').fill(AGENT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('.agent-connection')).toHaveText('Connected')
  return page
}

/** A visitor on the home page with the widget loaded and connected. */
async function openVisitor(browser: Browser, pagePath = '/'): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(pagePath)
  await expect(page.locator('.chat-launcher')).toBeVisible()
  await connectByInteraction(page)
  return page
}

/** The widget connects on the visitor's first interaction; a pointer move is one. */
async function connectByInteraction(page: Page) {
  await page.mouse.move(40, 40)
  await page.mouse.move(60, 60)
  await expect(page.locator('.chat-widget')).toHaveAttribute('data-connection', 'open')
}

/** A visitor name of this run's own, so that chats a repeated run (`--repeat-each`) left are not matched. */
const visitorName = (base: string) => `${base} ${test.info().repeatEachIndex}-${Date.now().toString(36)}`

const customerStatus = (page: Page) =>
  page.evaluate(
    () =>
      (window as never as { LiveChatWidget: { get(k: string): { status: string } } }).LiveChatWidget.get(
        'customer_data',
      ).status,
  )

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

test.describe('with no agent online, the offline message is a contact-form submission', () => {
  /** The form as the contact suite expects it: asking for the seeded proof-of-work captcha. */
  test.beforeAll(async ({ request }) => {
    const auth = { Authorization: `JWT ${admin}` }
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
      { headers: { Authorization: `JWT ${admin}` } },
    )
    const { docs } = (await response.json()) as { docs: { form: number; pageUrl?: string }[] }
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ form: CONTACT_FORM_ID, pageUrl: `${E2E_URL}/services` })
  })

  test("on the contact page the widget's copy of the form repeats no id, and axe finds nothing serious", async ({
    page,
  }) => {
    const { form } = await openOfflineForm(page, '/contact')
    // The page's own form, enhanced too.
    await page.locator('#contact-form-115').getByLabel('Your name').focus()
    await expect(page.locator('#contact-form-115')).toHaveAttribute('data-enhanced', 'true')
    await expect(form.locator('[role="combobox"][aria-controls]')).toHaveCount(3)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    const repeated = await page.evaluate(() => {
      const seen = new Map<string, number>()
      for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1)
      return [...seen].filter(([, count]) => count > 1).map(([id]) => id)
    })
    expect(repeated).toEqual([])
    expect(await seriousAxeViolations(page)).toEqual([])
  })
})

test('invite, queue, accept and every event type between a visitor and an agent', async ({ browser }) => {
  const agent = await openConsole(browser)
  const visitor = await openVisitor(browser, '/')
  await visitor.evaluate(() => {
    const w = window as never as {
      seen: string[]
      LiveChatWidget: { on(n: string, f: (e: { type: string }) => void): void }
    }
    w.seen = []
    w.LiveChatWidget.on('new_event', (event) => w.seen.push(event.type))
  })
  await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-availability', 'online')

  // Invite the visitor from the list of visitors on the site.
  const row = agent.locator('.agent-visitors tbody tr').filter({ hasText: 'Anonymous visitor' }).last()
  await row.getByRole('button', { name: 'Invite' }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('invited')
  await expect(visitor.locator('.chat-unread')).toHaveText(/1/)

  // The visitor answers: queued, until the agent accepts.
  await visitor.locator('.chat-launcher').click()
  const dialog = visitor.getByRole('dialog', { name: 'Chat' })
  await dialog.getByLabel('Message').fill('<b>Hi</b> I need a title search')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('queued')
  // This anonymous visitor's entry: a named chat another test left queued may be there too.
  await agent
    .locator('.agent-queue li')
    .filter({ hasText: /^Visitor/ })
    .getByRole('button', { name: 'Accept' })
    .click()
  await expect.poll(() => customerStatus(visitor)).toBe('chatting')
  await expect(dialog.locator('.chat-event-system').last()).toContainText('joined the chat')

  // HTML arrives as text on both sides.
  const panel = agent.locator('.agent-chat').last()
  await expect(panel.locator('.chat-event-message').last()).toHaveText(/<b>Hi<\/b> I need a title search/)
  await expect(panel.locator('.chat-event-message b')).toHaveCount(0)

  // Agent: message, rich message, emoji, file, custom.
  await panel.getByLabel('Reply').fill('Which county?')
  await panel.getByLabel('Kind').selectOption('rich_message')
  await panel.getByLabel('Buttons (comma-separated)').fill('Franklin, Cuyahoga')
  await panel.getByRole('button', { name: 'Send', exact: true }).click()
  await panel.getByRole('button', { name: 'Send thumbs up' }).click()
  await panel.getByLabel('Send a file').setInputFiles({ name: 'plat.png', mimeType: 'image/png', buffer: PNG })
  const conversationId = Number(await panel.getAttribute('data-conversation-id'))
  const custom = await agent.request.post('/api/chat/agent', {
    headers: { Origin: E2E_URL },
    data: { action: 'message', conversationId, type: 'custom', customData: { step: 'quote' } },
  })
  expect(custom.status()).toBe(200)
  await expect(dialog.locator('.chat-event-rich_message')).toContainText('Which county?')
  await expect(dialog.locator('.chat-event-emoji')).toContainText('👍')
  // A name already stored (an earlier run) gets a number: plat-1.png.
  await expect(dialog.locator('.chat-event-file')).toContainText(/plat(-\d+)?\.png/)
  await expect(dialog.locator('.chat-event-custom')).toContainText('quote')

  // Visitor: a rich-message choice, an emoji and a file.
  await dialog.locator('.chat-event-rich_message').getByRole('button', { name: 'Franklin' }).click()
  await dialog.getByRole('button', { name: 'Send 🙂' }).click()
  await dialog
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'deed.txt', mimeType: 'text/plain', buffer: Buffer.from('Deed text') })
  await expect(panel.locator('.chat-event-message').last()).toHaveText(/Franklin/)
  await expect(panel.locator('.chat-event-emoji')).toHaveCount(2)
  await expect(panel.locator('.chat-event-file')).toHaveCount(2)

  const seen = await visitor.evaluate(() => (window as never as { seen: string[] }).seen)
  for (const type of ['message', 'rich_message', 'emoji', 'file', 'custom', 'system']) expect(seen).toContain(type)

  // A second tab of the same visitor shows the same conversation.
  const secondTab = await visitor.context().newPage()
  await secondTab.goto('/')
  await secondTab.locator('.chat-launcher').click()
  await expect(secondTab.locator('.chat-event')).toHaveCount(await dialog.locator('.chat-event').count())

  // The accessible dialog passes axe.
  const results = await new AxeBuilder({ page: visitor }).include('.chat-widget').analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // Ending returns the visitor to browsing.
  await panel.getByRole('button', { name: 'End chat' }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('browsing')
  await agent.context().close()
  await visitor.context().close()
})

test('a dropped stream resumes without losing or repeating a message', async ({ browser }) => {
  const proxy = await startDropProxy(E2E_PORT + 8, E2E_PORT)
  const agent = await openConsole(browser)
  const visitor = await (await browser.newContext()).newPage()
  try {
    await visitor.goto(`${proxy.origin}/`)
    await visitor.locator('.chat-launcher').click()
    await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-availability', 'online')
    const dialog = visitor.getByRole('dialog', { name: 'Chat' })
    const name = visitorName('Rhea')
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Email').fill('rhea@example.com')
    await dialog.getByRole('button', { name: 'Start chat' }).click()
    await agent.locator('.agent-queue li').filter({ hasText: name }).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => customerStatus(visitor)).toBe('chatting')

    await proxy.drop()
    const panel = agent.locator('.agent-chat').filter({ hasText: name })
    await panel.getByLabel('Reply').fill('Sent while you were away')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(panel.locator('.chat-event-message')).toContainText('Sent while you were away')
    await proxy.restore()
    await expect(dialog.locator('.chat-event-message')).toHaveText(/Sent while you were away/, { timeout: 15_000 })
    await panel.getByLabel('Reply').fill('After the reconnect')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.locator('.chat-event-message')).toHaveCount(2)
    await expect(dialog.locator('.chat-event-message').filter({ hasText: 'Sent while you were away' })).toHaveCount(1)
  } finally {
    proxy.stop()
    await agent.context().close()
    await visitor.context().close()
  }
})

test('unread count and a sound throttled to one per 2 s, silent until the visitor interacts', async ({ browser }) => {
  const agent = await openConsole(browser)
  const context = await browser.newContext()
  await context.addInitScript(() => {
    const w = window as never as { chimes: number }
    w.chimes = 0
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (...args) {
      w.chimes += 0.5 // two tones per chime
      return start.apply(this, args)
    }
  })
  const visitor = await context.newPage()
  await visitor.clock.install()
  await visitor.goto('/')
  await visitor.clock.runFor(5000)
  await expect(visitor.locator('.chat-launcher')).toBeVisible()
  // Opening and closing through the API connects without a user gesture, so sound stays locked.
  await visitor.evaluate(() => {
    const api = (window as never as { LiveChatWidget: { call(m: string): void } }).LiveChatWidget
    api.call('maximize')
    api.call('minimize')
  })
  await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-connection', 'open')
  const name = visitorName('Sonny')
  await visitor.evaluate(
    (name) =>
      fetch('/api/chat/visitor', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'start', name, email: 'sonny@example.com' }),
      }),
    name,
  )
  await agent.locator('.agent-queue li').filter({ hasText: name }).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  const say = async (text: string) => {
    await panel.getByLabel('Reply').fill(text)
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(panel.locator('.chat-event-message').last()).toHaveText(new RegExp(text))
  }
  await say('Before any interaction')
  await expect(visitor.locator('.chat-unread')).toHaveText(/1/)
  expect(await visitor.evaluate(() => (window as never as { chimes: number }).chimes)).toBe(0)

  await visitor.mouse.click(5, 300) // the visitor interacts with the page
  await say('First')
  await say('Second')
  await expect(visitor.locator('.chat-unread')).toHaveText(/3/)
  expect(await visitor.evaluate(() => (window as never as { chimes: number }).chimes)).toBe(1)
  await visitor.clock.runFor(CHAT_SOUND_THROTTLE_MS)
  await say('Third')
  await expect(visitor.locator('.chat-unread')).toHaveText(/4/)
  expect(await visitor.evaluate(() => (window as never as { chimes: number }).chimes)).toBe(2)
  await visitor.locator('.chat-launcher').click()
  await visitor.keyboard.press('Escape')
  await expect(visitor.locator('.chat-unread')).toHaveCount(0)
  await agent.context().close()
  await context.close()
})

test('a chat survives a restart of the server: nothing lost, nothing doubled', async ({ browser }) => {
  test.setTimeout(120_000)
  const server = secondServer(E2E_PORT + 6, E2E_PORT)
  await server.start()
  const agent = await openConsole(browser, server.origin)
  const visitor = await (await browser.newContext()).newPage()
  try {
    await visitor.goto(`${server.origin}/`)
    await visitor.locator('.chat-launcher').click()
    const dialog = visitor.getByRole('dialog', { name: 'Chat' })
    await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-availability', 'online')
    const name = visitorName('Remy')
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Email').fill('remy@example.com')
    await dialog.getByRole('button', { name: 'Start chat' }).click()
    await agent.locator('.agent-queue li').filter({ hasText: name }).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => customerStatus(visitor)).toBe('chatting')
    const panel = agent.locator('.agent-chat').filter({ hasText: name })
    await panel.getByLabel('Reply').fill('Before the restart')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.locator('.chat-event-message')).toHaveText(['Before the restart'].map((t) => new RegExp(t)))

    await server.stop()
    await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-connection', 'connecting')
    await server.start()
    await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-connection', 'open', { timeout: 20_000 })
    await expect(agent.locator('.agent-connection')).toHaveText('Connected', { timeout: 20_000 })

    await panel.getByLabel('Reply').fill('After the restart')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog.getByLabel('Message').fill('Still here')
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.locator('.chat-event-message')).toHaveText([
      /Before the restart/,
      /After the restart/,
      /Still here/,
    ])
    await expect(panel.locator('.chat-event-message')).toHaveText([
      /Before the restart/,
      /After the restart/,
      /Still here/,
    ])
    await visitor.reload()
    await visitor.locator('.chat-launcher').click()
    await expect(visitor.getByRole('dialog', { name: 'Chat' }).locator('.chat-event-message')).toHaveCount(3)
  } finally {
    await agent.context().close()
    await visitor.context().close()
    await server.stop()
  }
})

test(`after ${CHAT_RECONNECT_MAX_TRIES} failed reconnects the widget shows that it is offline`, async ({ page }) => {
  const proxy = await startDropProxy(E2E_PORT + 7, E2E_PORT)
  try {
    await page.clock.install()
    await page.goto(`${proxy.origin}/`)
    await page.clock.runFor(5000)
    await page.locator('.chat-launcher').click()
    await expect(page.locator('.chat-window')).toBeVisible()
    await proxy.drop()
    let total = 0
    for (let attempt = 1; attempt <= CHAT_RECONNECT_MAX_TRIES; attempt++) total += reconnectDelay(attempt)!
    for (let elapsed = 0; elapsed <= total + 1000; elapsed += 500) await page.clock.runFor(500)
    await expect(page.locator('.chat-connection-lost')).toContainText('could not reconnect')
    expect(
      await page.evaluate(
        () =>
          (window as never as { LiveChatWidget: { get(k: string): { availability: string } } }).LiveChatWidget.get(
            'state',
          ).availability,
      ),
    ).toBe('offline')
  } finally {
    proxy.stop()
  }
})

test('hostile input: oversized and HTML messages, wrong files, floods, foreign origins', async ({
  browser,
  request,
}) => {
  const agent = await openConsole(browser)
  const visitor = await openVisitor(browser)
  const post = (data: unknown, headers: Record<string, string> = {}) =>
    visitor.request.post('/api/chat/visitor', { data, headers: { Origin: E2E_URL, ...headers } })
  expect((await post({ action: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) })).status()).toBe(413)
  expect((await post({ action: 'message', text: 'hello' }, { Origin: 'https://evil.example' })).status()).toBe(403)

  await visitor.locator('.chat-launcher').click()
  const dialog = visitor.getByRole('dialog', { name: 'Chat' })
  await dialog.getByLabel('Name').fill('Hal')
  await dialog.getByLabel('Email').fill('hal@example.com')
  await dialog.getByRole('button', { name: 'Start chat' }).click()
  await dialog.getByLabel('Message').fill('y'.repeat(CHAT_MESSAGE_MAX_CHARS + 1))
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.locator('.chat-error')).toContainText('longer than')
  await dialog
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'run.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') })
  await expect(dialog.locator('.chat-error')).toContainText('cannot be sent')
  const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-')), 'big.txt')
  fs.writeFileSync(big, Buffer.alloc(6 * 1024 * 1024, 0x41))
  await dialog.getByLabel('Attach a file').setInputFiles(big)
  await expect(dialog.locator('.chat-error')).toContainText('too large')

  let lastStatus = 0
  for (let i = 0; i <= CHAT_POST_LIMIT; i++) lastStatus = (await post({ action: 'typing', typing: true })).status()
  expect(lastStatus).toBe(429)

  // Another visitor cannot read this conversation, and the console is closed to the anonymous.
  const stranger = await openVisitor(browser)
  await stranger.locator('.chat-launcher').click()
  await expect(stranger.locator('.chat-event')).toHaveCount(0)
  expect((await request.get('/api/chat/agent/stream')).status()).toBe(401)
  expect((await request.get('/api/chat-events')).status()).toBe(403)
  await visitor.context().close()
  await stranger.context().close()
  await agent.context().close()
})

test('on a host name that is not allowed the widget disables itself with a warning', async ({ page, request }) => {
  await setChatSettings(request, { provider: 'builtin', allowedDomains: [] })
  try {
    const warnings: string[] = []
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
    await page.goto(E2E_URL.replace('127.0.0.1', 'localhost') + '/')
    await expect.poll(() => warnings.join('\n')).toContain('domain_not_allowed')
    await expect(page.locator('.chat-launcher')).toHaveCount(0)
  } finally {
    await setChatSettings(request, {
      provider: 'builtin',
      allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
    })
  }
})

const DEFAULT_CHAT = {
  provider: 'builtin',
  license: '',
  licenseExpiresAt: null,
  allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
}

/** Loads the home page and returns the console warnings the chat logged. */
async function chatWarnings(page: Page, cause: string): Promise<string> {
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.goto('/')
  await expect.poll(() => warnings.join('\n')).toContain(cause)
  return warnings.join('\n')
}

test('an expired licence disables the widget and sends the direct chat link to the expired-link page', async ({
  page,
  request,
}) => {
  await setChatSettings(request, { ...DEFAULT_CHAT, licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
  try {
    expect(await chatWarnings(page, 'license_expired')).toContain('Chat widget disabled')
    await expect(page.locator('.chat-launcher')).toHaveCount(0)
    await page.goto('/chat')
    await expect(page).toHaveURL(/\/chat\/expired$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This chat link has expired')
  } finally {
    await setChatSettings(request, DEFAULT_CHAT)
  }
  await page.goto('/chat')
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible()
})

/** A returning visitor who allowed analytics, which LiveChat's visitor-tracking cookies need. */
const ANALYTICS_ALLOWED = {
  cookies: [],
  origins: RETURNING_VISITOR.origins.map((origin) => ({
    ...origin,
    localStorage: origin.localStorage.map((item) =>
      item.name === CONSENT_STORAGE_KEY
        ? { ...item, value: item.value.replace('"analytics":false', '"analytics":true') }
        : item,
    ),
  })),
}
const LIVECHAT = { ...DEFAULT_CHAT, provider: 'livechat', license: '12345678', group: 2 }

/** Runs the page's fake clock on until the chat has logged `cause` (retries wait on timers). */
async function warningAfterRetries(page: Page, warnings: string[], cause: string) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5000)
        return warnings.join('\n')
      },
      { intervals: [200], timeout: 40_000 },
    )
    .toContain(cause)
}

test('the built-in chat stays disabled when its licence shows another product than the chat', async ({
  page,
  request,
}) => {
  await setChatSettings(request, { ...DEFAULT_CHAT, defaultWidget: 'contact-form' })
  try {
    const warnings = await chatWarnings(page, 'wrong_product')
    expect(warnings).toContain('the default widget is not the chat product')
    await page.locator('footer .chat-button').click()
    await expect(page.locator('.chat-launcher, .chat-window')).toHaveCount(0)
  } finally {
    await setChatSettings(request, { ...DEFAULT_CHAT, defaultWidget: 'chat' })
  }
})

test(`the built-in chat retries its configuration lookup ${CHAT_RECONNECT_MAX_TRIES} times, then stays disabled`, async ({
  page,
}) => {
  const lookups: string[] = []
  await page.route(`**${BUILTIN_CONFIG_PATH}`, (route) => {
    lookups.push(route.request().url())
    return route.abort('connectionrefused')
  })
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.clock.install()
  await page.goto('/')
  await page.clock.runFor(CHAT_IDLE_TIMEOUT_MS)
  await warningAfterRetries(page, warnings, 'region_failed')
  expect(warnings.join('\n')).toContain('the region lookup failed')
  expect(lookups).toHaveLength(CHAT_RECONNECT_MAX_TRIES + 1)
  await expect(page.locator('.chat-launcher')).toHaveCount(0)
})

test('LiveChat: each configuration error from its lookup leaves the widget disabled with a warning naming it', async ({
  browser,
  request,
}) => {
  const standIn = await startLiveChatStandIn(E2E_PORT + LIVECHAT_STAND_IN_OFFSET)
  const context = await browser.newContext({ storageState: ANALYTICS_ALLOWED })
  try {
    // Known before anything is asked: no licence at all.
    await setChatSettings(request, { ...LIVECHAT, license: '' })
    await chatWarnings(await context.newPage(), 'license_not_found')

    await setChatSettings(request, LIVECHAT)
    const answers: StandInAnswer[] = ['license_not_found', 'license_expired', 'domain_not_allowed', 'wrong_product']
    for (const answer of answers) {
      standIn.answer = answer
      standIn.requests.length = 0
      const page = await context.newPage()
      await chatWarnings(page, answer)
      expect(standIn.requests.filter((path) => path.includes('get_dynamic_configuration'))).toHaveLength(1)
      expect(standIn.requests.filter((path) => path.startsWith('/tracking.js'))).toHaveLength(0)
      await page.close()
    }

    // The region cannot be reached: retried with backoff, then disabled.
    standIn.answer = 'down'
    standIn.requests.length = 0
    const page = await context.newPage()
    const warnings: string[] = []
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
    await page.clock.install()
    await page.goto('/')
    await page.clock.runFor(CHAT_IDLE_TIMEOUT_MS)
    await warningAfterRetries(page, warnings, 'region_failed')
    expect(standIn.requests.filter((path) => path.includes('get_dynamic_configuration'))).toHaveLength(
      CHAT_RECONNECT_MAX_TRIES + 1,
    )
    expect(standIn.requests.filter((path) => path.startsWith('/tracking.js'))).toHaveLength(0)
  } finally {
    await context.close()
    await setChatSettings(request, DEFAULT_CHAT)
    await standIn.stop()
  }
})

test(`LiveChat waits for ${LIVECHAT_CONSENT_TYPE}: nothing reaches it before consent, a chat-button explains, Accept all loads it`, async ({
  browser,
  request,
}) => {
  const standIn = await startLiveChatStandIn(E2E_PORT + LIVECHAT_STAND_IN_OFFSET)
  await setChatSettings(request, LIVECHAT)
  const context = await browser.newContext({ storageState: FIRST_VISIT })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('footer .chat-button').click()
    const notice = page.getByRole('dialog', { name: 'Chat needs your permission' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('button', { name: 'Privacy choices' })).toBeFocused()
    await expect(notice.getByRole('link', { name: 'Contact us instead' })).toHaveAttribute('href', '/contact')
    const axe = await new AxeBuilder({ page }).include('.chat-consent-notice').analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    // Escape closes it and gives focus back to the chat-button; a second click opens it again.
    await page.keyboard.press('Escape')
    await expect(notice).toHaveCount(0)
    await expect(page.locator('footer .chat-button')).toBeFocused()
    await page.locator('footer .chat-button').click()
    await expect(notice).toBeVisible()
    expect(standIn.requests).toEqual([])

    // "Privacy choices" opens the consent dialog; the visitor accepts there.
    await notice.getByRole('button', { name: 'Privacy choices' }).click()
    const choices = page.getByRole('dialog', { name: 'Privacy choices' })
    await expect(choices).toBeVisible()
    expect(standIn.requests).toEqual([])
    await choices.getByRole('button', { name: 'Accept all' }).click()

    await expect
      .poll(() => standIn.requests.map((path) => path.split('?')[0]))
      .toEqual(['/v3.6/customer/action/get_dynamic_configuration', '/tracking.js'])
    await expect(notice).toHaveCount(0)
    // The clicks that asked for the chat (both) reach LiveChat once it has loaded, and it opens.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            window as never as { LiveChatWidget: { _standIn?: { calls: unknown[][] } } }
          ).LiveChatWidget._standIn?.calls.map((call) => call[0]),
        ),
      )
      .toEqual(['maximize', 'maximize'])
    const state = await page.evaluate(() =>
      (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('state'),
    )
    expect(state).toMatchObject({ visibility: 'maximized' })
  } finally {
    await context.close()
    await setChatSettings(request, DEFAULT_CHAT)
    await standIn.stop()
  }
})

test("with LiveChat configured, queued API calls and chat-buttons reach LiveChat's own widget API", async ({
  browser,
  request,
}) => {
  const standIn = await startLiveChatStandIn(E2E_PORT + LIVECHAT_STAND_IN_OFFSET)
  await setChatSettings(request, LIVECHAT)
  const context = await browser.newContext({ storageState: ANALYTICS_ALLOWED })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await page.evaluate(() => {
      const api = (window as never as { LiveChatWidget: { call(m: string, a?: unknown): void } }).LiveChatWidget
      api.call('set_customer_name', 'Queued Name')
    })
    await page.locator('footer .chat-button').click()
    const standInSeen = () =>
      page.evaluate(() => {
        const api = (window as never as { LiveChatWidget: { _standIn?: { license: unknown; calls: unknown[] } } })
          .LiveChatWidget
        return api._standIn
          ? { license: api._standIn.license, calls: api._standIn.calls.map((call) => (call as unknown[]).join(':')) }
          : null
      })
    await expect.poll(standInSeen).toEqual({
      license: 12345678,
      calls: ['set_customer_name:Queued Name', 'maximize:'],
    })
    const state = await page.evaluate(() =>
      (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('state'),
    )
    expect(state).toMatchObject({ visibility: 'maximized' })
  } finally {
    await context.close()
    await setChatSettings(request, DEFAULT_CHAT)
    await standIn.stop()
  }
})

test('the console refuses anonymous visitors and accounts without the agent role', async ({ browser, request }) => {
  const anonymous = await browser.newPage()
  await anonymous.goto('/agent')
  await expect(anonymous).toHaveURL(/\/agent\/login$/)
  await anonymous.close()

  const editor = { email: 'chat-editor@example.com', password: 'editor-password-for-tests' }
  await request.post('/api/users', {
    headers: { Authorization: `JWT ${admin}` },
    data: { ...editor, roles: ['editor'] },
  })
  const context = await browser.newContext()
  const login = await context.request.post('/api/users/login', { data: editor })
  expect(login.ok()).toBe(true)
  const page = await context.newPage()
  await page.goto('/agent')
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  expect((await context.request.get('/api/chat/agent/stream', { headers: { Origin: E2E_URL } })).status()).toBe(403)
  await context.close()
})
