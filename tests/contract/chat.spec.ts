import { expect, type Page, test } from '@playwright/test'
import { openConsole, prepareChatSuite } from '../e2e/support/chat'

/** DESIGN.md, "Public contract", "Chat", with the built-in provider: each test is one clause. */
prepareChatSuite()

type Heard = { name: string; payload: unknown }
type Api = {
  call(method: string, arg?: unknown): void
  get(key: string): unknown
  on(name: string, listener: (payload: unknown) => void): void
  once(name: string, listener: (payload: unknown) => void): void
  off(name: string, listener: (payload: unknown) => void): void
}
declare global {
  interface Window {
    heard?: Heard[]
  }
}
const EVENTS = ['ready', 'availability_changed', 'visibility_changed', 'customer_status_changed', 'new_event']

/**
 * Listens to every event of the API from the moment the page defines window.LiveChatWidget (calls
 * made before the widget loads wait in its queue), so that not even `ready` is missed.
 */
async function listenToTheApi(page: Page) {
  await page.addInitScript((names) => {
    const heard: Heard[] = []
    window.heard = heard
    let api: unknown
    Object.defineProperty(window, 'LiveChatWidget', {
      configurable: true,
      get: () => api,
      set(value: Api) {
        // The same object may be assigned again: it keeps the listeners it has.
        if (value !== api) for (const name of names) value.on(name, (payload) => heard.push({ name, payload }))
        api = value
      },
    })
  }, EVENTS)
}

const heard = (page: Page, name: string) =>
  page.evaluate((n) => (window.heard ?? []).filter((h) => h.name === n).map((h) => h.payload), name)
/** The page's window.LiveChatWidget (inside page.evaluate). */
type WithApi = Window & { LiveChatWidget: Api }
const state = (page: Page) => page.evaluate(() => (window as unknown as WithApi).LiveChatWidget.get('state'))
const customerData = (page: Page) =>
  page.evaluate(() => (window as unknown as WithApi).LiveChatWidget.get('customer_data'))
const call = (page: Page, method: string, arg?: unknown) =>
  page.evaluate(([m, value]) => (window as unknown as WithApi).LiveChatWidget.call(m as string, value), [method, arg])

/** Loads the page and waits for the widget's `ready` (a pointer move is the first interaction that loads it). */
async function openReady(page: Page, path = '/') {
  await listenToTheApi(page)
  await page.goto(path)
  await page.mouse.move(40, 40)
  await page.mouse.move(60, 60)
  await expect.poll(async () => (await heard(page, 'ready')).length, { timeout: 15_000 }).toBe(1)
}

const STATE = {
  availability: expect.stringMatching(/^(online|offline)$/),
  visibility: expect.stringMatching(/^(maximized|minimized|hidden)$/),
}
const CUSTOMER = {
  name: expect.any(String),
  email: expect.any(String),
  status: expect.stringMatching(/^(browsing|invited|queued|chatting)$/),
  sessionVariables: expect.any(Object),
}

test('contract: window.LiveChatWidget has the shape of LiveChat’s widget API v2: call, get(state | customer_data), on/once/off', async ({
  page,
}) => {
  await openReady(page)
  for (const method of ['call', 'get', 'on', 'once', 'off']) {
    expect(
      await page.evaluate(
        (m) => typeof (window as unknown as Record<string, Record<string, unknown>>).LiveChatWidget[m],
        method,
      ),
    ).toBe('function')
  }
  expect(await state(page)).toEqual(STATE)
  expect(await customerData(page)).toEqual(CUSTOMER)

  // once fires a single time; off stops a listener.
  await page.evaluate(() => {
    const a = (window as unknown as WithApi).LiveChatWidget
    const w = window as unknown as { onceCalls: number; offCalls: number }
    w.onceCalls = 0
    w.offCalls = 0
    a.once('visibility_changed', () => w.onceCalls++)
    const removed = () => w.offCalls++
    a.on('visibility_changed', removed)
    a.off('visibility_changed', removed)
  })
  for (const [method, visibility] of [
    ['maximize', 'maximized'],
    ['minimize', 'minimized'],
    ['hide', 'hidden'],
    ['maximize', 'maximized'],
  ]) {
    await call(page, method)
    expect(await state(page)).toEqual({ ...STATE, visibility })
    expect((await heard(page, 'visibility_changed')).at(-1)).toEqual({ visibility })
  }
  expect(await page.evaluate(() => (window as unknown as { onceCalls: number }).onceCalls)).toBe(1)
  expect(await page.evaluate(() => (window as unknown as { offCalls: number }).offCalls)).toBe(0)

  await call(page, 'set_customer_name', 'Ada Contract')
  await call(page, 'set_customer_email', 'ada.contract@example.com')
  await call(page, 'set_session_variables', { order: '42' })
  expect(await customerData(page)).toEqual({
    ...CUSTOMER,
    name: 'Ada Contract',
    email: 'ada.contract@example.com',
    sessionVariables: expect.objectContaining({ order: '42' }),
  })
})

test('contract: the API reports availability_changed, customer_status_changed and new_event ({ type, author, timestamp })', async ({
  page,
  browser,
}) => {
  await openConsole(browser)
  await openReady(page)
  // The agent's console is open: the widget hears that someone is online.
  await expect.poll(() => state(page), { timeout: 15_000 }).toMatchObject({ availability: 'online' })
  expect((await heard(page, 'availability_changed')).at(-1)).toEqual({ availability: 'online' })
  await call(page, 'set_customer_name', 'Ada Contract')
  await call(page, 'set_customer_email', 'ada.contract@example.com')
  // Opened as a visitor opens it, by a click (on a .chat-button, the contract's opener).
  await page.locator('.chat-button').first().click()
  const dialog = page.getByRole('dialog', { name: 'Chat' })
  // The widget may first ask who the visitor is: the same name and email the API was told, typed in
  // as a visitor would, so that the form is sent whatever it had taken over from the API by then.
  const startChat = dialog.getByRole('button', { name: 'Start chat' })
  const composer = dialog.getByLabel('Message')
  await expect(startChat.or(composer)).toBeVisible()
  if (await startChat.isVisible()) {
    await dialog.getByLabel('Name').fill('Ada Contract')
    await dialog.getByLabel('Email').fill('ada.contract@example.com')
    await startChat.click()
  }
  await composer.fill('A contract suite question about a lien search')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(async () => (await heard(page, 'new_event')).length).toBeGreaterThan(0)
  expect((await heard(page, 'new_event'))[0]).toMatchObject({
    type: expect.stringMatching(/^(message|emoji|rich_message|file|custom|system)$/),
    author: expect.any(Object),
    timestamp: expect.any(Number),
  })
  await expect.poll(async () => (await heard(page, 'customer_status_changed')).length).toBeGreaterThan(0)
  expect((await heard(page, 'customer_status_changed')).at(-1)).toEqual({
    status: expect.stringMatching(/^(invited|queued|chatting)$/),
  })
  expect(await customerData(page)).toEqual({
    ...CUSTOMER,
    status: expect.stringMatching(/^(queued|chatting)$/),
  })
})

test('contract: any element with class chat-button opens the widget', async ({ page }) => {
  await openReady(page)
  expect(await state(page)).not.toMatchObject({ visibility: 'maximized' })
  // An element of the page's own, anywhere, of any kind.
  await page.evaluate(() => {
    const button = Object.assign(document.createElement('span'), {
      className: 'chat-button',
      textContent: 'Talk to us',
    })
    button.style.cssText = 'position:fixed;left:20px;top:200px;z-index:3000;background:#fff'
    document.body.append(button)
  })
  await page.locator('span.chat-button').click()
  await expect.poll(() => state(page)).toMatchObject({ visibility: 'maximized' })
  await expect(page.getByRole('dialog').first()).toBeVisible()
})

test('contract: an empty name or email given to the API logs console.error and sets nothing', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await openReady(page)
  await call(page, 'set_customer_name', 'Ada Contract')
  await call(page, 'set_customer_email', 'ada.contract@example.com')
  expect(errors).toEqual([])
  await call(page, 'set_customer_name', '')
  await expect.poll(() => errors.length).toBe(1)
  await call(page, 'set_customer_email', '')
  await expect.poll(() => errors.length).toBe(2)
  expect(await customerData(page)).toMatchObject({
    name: 'Ada Contract',
    email: 'ada.contract@example.com',
  })
})
