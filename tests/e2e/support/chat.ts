import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test'
import { CHAT_IDLE_TIMEOUT_MS } from '../../../src/chat/ChatLoader'
import { adminToken } from '../helpers'
import { attachOpenPages } from './openPages'

export const AGENT = { email: 'chat-agent@example.com', password: 'agent-password-for-tests', name: 'Ada Agent' }

let admin = ''

/** The admin token the chat suite signed in with, for settings and the admin API. */
export const chatAdmin = () => admin

/** Before a chat suite's tests: the admin signs in and the agent the console is opened as exists. */
export function prepareChatSuite() {
  test.beforeAll(async ({ request }) => {
    admin = await adminToken(request)
    const created = await request.post('/api/users', {
      headers: { Authorization: `JWT ${admin}` },
      data: { ...AGENT, roles: ['agent'] },
    })
    expect([201, 400]).toContain(created.status())
    // The chat is offline outside the seeded opening hours; these suites run at any hour, so the
    // hours are lifted while they run (the opening-hours rule has its own tests) and put back after.
    const settings = await request.get('/api/globals/site-settings?depth=0', {
      headers: { Authorization: `JWT ${admin}` },
    })
    seededHours = (await settings.json()).business?.openingHours ?? []
    await setBusinessHours(request, [])
  })
  // A console or visitor left open would keep an agent online (or a visitor on the site) for the
  // suites after this one; whatever a test opened through these helpers is closed when it ends.
  test.afterEach(async ({}, testInfo) => {
    const contexts = openedContexts.splice(0)
    if (testInfo.status !== testInfo.expectedStatus) await attachOpenPages(testInfo, contexts)
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)))
  })
  test.afterAll(async ({ request }) => {
    await setBusinessHours(request, seededHours)
  })
}

const openedContexts: BrowserContext[] = []

/** A browser context of a test's own, closed when the test ends (and described if the test failed). */
export async function ownContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  openedContexts.push(context)
  return context
}

/** A page in a browser context of the test's own (closed when the test ends), nowhere yet. */
export async function ownPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await ownContext(browser, options)).newPage()
}

/** Resolves once the site reports no agent online (a closed console's stream may take a moment to end). */
export async function expectNoAgentOnline(request: APIRequestContext) {
  await expect
    .poll(async () => (await (await request.get('/api/chat/config?availability')).json()).availability)
    .toBe('offline')
}

let seededHours: unknown[] = []

async function setBusinessHours(request: APIRequestContext, openingHours: unknown[]) {
  const response = await request.post('/api/globals/site-settings', {
    headers: { Authorization: `JWT ${admin}` },
    data: { business: { openingHours } },
  })
  expect(response.ok()).toBe(true)
}

export async function setChatSettings(request: APIRequestContext, chat: Record<string, unknown>) {
  const response = await request.post('/api/globals/site-settings', {
    headers: { Authorization: `JWT ${admin}` },
    data: { chat },
  })
  expect(response.ok()).toBe(true)
}

/** An agent signed in to the console, in a browser context of their own. */
export async function openConsole(
  browser: Browser,
  origin = '',
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await ownContext(browser, contextOptions)
  return signInToConsole(await context.newPage(), origin)
}

/** Signs the test agent in to the console on `page`, and waits until it is connected. */
export async function signInToConsole(page: Page, origin = ''): Promise<Page> {
  await page.goto(`${origin}/agent`)
  await expect(page).toHaveURL(/\/agent\/login$/)
  await page.getByLabel('Email').fill(AGENT.email)
  await page.getByLabel('Password').fill(AGENT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('.agent-connection')).toHaveText('Connected')
  return page
}

/** A visitor on the home page with the widget loaded and connected. */
export async function openVisitor(
  browser: Browser,
  pagePath = '/',
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const page = await ownPage(browser, contextOptions)
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
export const visitorName = (base: string) => `${base} ${test.info().repeatEachIndex}-${Date.now().toString(36)}`

export const customerStatus = (page: Page) =>
  page.evaluate(
    () =>
      (window as never as { LiveChatWidget: { get(k: string): { status: string } } }).LiveChatWidget.get(
        'customer_data',
      ).status,
  )

/** What the chat settings tests restore: the built-in chat on the e2e server's host names. */
export const DEFAULT_CHAT = {
  provider: 'builtin',
  license: '',
  licenseExpiresAt: null,
  allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
}

/** Loads the home page and returns the console warnings the chat logged. */
export async function chatWarnings(page: Page, cause: string): Promise<string> {
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.goto('/')
  await expect.poll(() => warnings.join('\n')).toContain(cause)
  return warnings.join('\n')
}

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

/**
 * Loads the home page under a fake clock and runs it on until the chat's configuration lookup has
 * failed every retry; returns the warnings the chat logged.
 */
export async function warningsOnceLookupGivesUp(page: Page): Promise<string> {
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.clock.install()
  await page.goto('/')
  await page.clock.runFor(CHAT_IDLE_TIMEOUT_MS)
  await warningAfterRetries(page, warnings, 'region_failed')
  return warnings.join('\n')
}

/** The agent ends the chat of `panel` with End chat and its confirmation; the chat stays on screen, marked ended. */
export async function endChatAsAgent(agent: Page, panel: Locator) {
  await panel.getByRole('button', { name: 'End chat' }).click()
  await agent.getByRole('dialog', { name: 'End this chat?' }).getByRole('button', { name: 'End chat' }).click()
  await expect(panel.getByRole('status')).toHaveText(/This chat has ended/)
}

/** The chat the console shows (the others it holds are listed, their panels hidden). */
export const chatOnScreen = (agent: Page) => agent.locator('.agent-chat:not([hidden])')

/**
 * A visitor on `pagePath` who starts a chat as `name` and writes `message`; they wait in the queue.
 * Their browser closes when the test ends: one left open keeps its stream and its chat.
 */
export async function startChat(browser: Browser, pagePath: string, name: string, message: string): Promise<Page> {
  const visitor = await ownPage(browser)
  await visitor.goto(pagePath)
  await visitor.locator('.chat-launcher').click()
  await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-availability', 'online')
  const dialog = visitor.getByRole('dialog', { name: 'Chat' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Email').fill('visitor@example.com')
  await dialog.getByRole('button', { name: 'Start chat' }).click()
  await dialog.getByLabel('Message').fill(message)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('queued')
  return visitor
}

/** The queue's entry for the visitor `name`. */
export const queueEntry = (agent: Page, name: string) => agent.locator('.agent-queue li').filter({ hasText: name })

/** The visitor's chat window. */
export const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Chat' })
