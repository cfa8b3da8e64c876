import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CHAT_POST_LIMIT } from '../../src/chat/constants'
import { CHAT_AVAILABILITY_POLL_MS } from '../../src/chat/widget/availability'
import { CHAT_IDLE_TIMEOUT_MS } from '../../src/chat/ChatLoader'
import { CHAT_WINDOW_MEMORY_KEY } from '../../src/chat/widget/windowMemory'
import { OPTIONAL_PART_FAILED } from '../../src/dom/OptionalPart'
import { MESSAGES } from '../../src/forms/validation'
import { mailsMentioning } from './helpers'
import { refuseLaterScripts } from './support/scripts'
import {
  AGENT,
  chatAdmin,
  openConsole,
  openVisitor,
  ownContext,
  ownPage,
  prepareChatSuite,
  visitorName,
} from './support/chat'

prepareChatSuite()

const PHONE = { width: 375, height: 667 }
/** The least share of the open window a phone's conversation takes (the rest: header, composer). */
const CONVERSATION_SHARE_MIN = 0.55
/** Sends what the visitor would type, through the visitor's own cookie (the page's request context). */
async function postMessage(page: Page, text: string) {
  const response = await page.request.post('/api/chat/visitor', {
    headers: { Origin: E2E_URL },
    data: { action: 'message', text },
  })
  expect(response.status()).toBe(200)
}

const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Chat' })

test(`at ${PHONE.width} px after ${CHAT_POST_LIMIT} messages, the header and the Send row stay in view with the newest message`, async ({
  browser,
}) => {
  const visitor = await openVisitor(browser, '/', { viewport: PHONE })
  const marker = visitorName('layout')
  for (let n = 1; n <= CHAT_POST_LIMIT; n++) await postMessage(visitor, `${marker} message ${n}`)
  await visitor.locator('.chat-launcher').click()
  const dialog = chatDialog(visitor)
  await expect(dialog.locator('.chat-event-message')).toHaveCount(CHAT_POST_LIMIT)
  await expect(dialog.locator('.chat-window-header')).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByText(`${marker} message ${CHAT_POST_LIMIT}`, { exact: true })).toBeInViewport()
  // Measured once the window has finished sliding in.
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
  const box = await dialog.boundingBox()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height)
  // The history scrolls between them: the first message is out of view until the visitor scrolls up.
  await expect(dialog.getByText(`${marker} message 1`, { exact: true })).not.toBeInViewport()
  // The window takes the phone's screen, and the conversation most of the window.
  expect(box!.width).toBe(PHONE.width)
  const body = (await dialog.locator('.chat-window-body').boundingBox())!
  expect(body.height).toBeGreaterThan(CONVERSATION_SHARE_MIN * box!.height)
  await visitor.context().close()
})

test('the start form marks its required fields and says beside each what is missing, not in a browser bubble', async ({
  browser,
}) => {
  await openConsole(browser)
  const visitor = await openVisitor(browser, '/')
  await visitor.locator('.chat-launcher').click()
  await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-availability', 'online')
  const dialog = chatDialog(visitor)
  const start = dialog.getByRole('button', { name: 'Start chat' })
  await expect(start).toBeVisible()
  await expect(dialog.locator('.chat-prechat .chat-required')).toHaveCount(2)
  await dialog.getByLabel('Name').fill('')
  await dialog.getByLabel('Email').fill('not-an-address')
  await start.click()
  const name = dialog.getByLabel('Name')
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription(MESSAGES.required)
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(MESSAGES.email)
  await visitor.context().close()
})

test("a first-time visitor whose page names them while the window opens sees the chat they start (one cookie for the page's call and the stream)", async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  const visitor = await ownPage(browser)
  const name = visitorName('one cookie')
  // The page's identify call is held in the network until the stream has gone out, or 2 s: the two
  // would each have been a first request without a cookie, and each got a visitor token of its own.
  let streamAsked = false
  visitor.on('request', (request) => {
    if (request.url().includes('/api/chat/stream')) streamAsked = true
  })
  await visitor.route('**/api/chat/visitor', async (route) => {
    const deadline = Date.now() + 2_000
    while (!streamAsked && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    await route.continue()
  })
  await visitor.goto('/')
  await expect(visitor.locator('.chat-launcher')).toBeVisible()
  await visitor.evaluate(
    (who) =>
      (window as never as { LiveChatWidget: { call(m: string, v: string): void } }).LiveChatWidget.call(
        'set_customer_name',
        who,
      ),
    name,
  )
  await visitor.locator('.chat-launcher').click()
  const dialog = chatDialog(visitor)
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Email').fill('one.cookie@example.com')
  await dialog.getByRole('button', { name: 'Start chat' }).click()
  await expect(dialog.getByLabel('Message')).toBeVisible()
  // The agent sees the chat on the visitor's page, with the visitor still there.
  const waiting = agent.locator('.agent-queue li').filter({ hasText: name })
  await expect(waiting.locator('.agent-queue-page')).toHaveText('On /')
  await expect(waiting).not.toHaveAttribute('data-left')
})

test('the window stays open with its history across a full page load and a client navigation', async ({ browser }) => {
  const visitor = await openVisitor(browser, '/about')
  const marker = visitorName('navigation')
  await postMessage(visitor, marker)
  await visitor.locator('.chat-launcher').click()
  await expect(chatDialog(visitor).getByText(marker)).toBeVisible()

  // The main menu's links load the next page in full.
  await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }).click()
  await expect(visitor).toHaveURL(/\/pricing$/)
  await expect(chatDialog(visitor).getByText(marker)).toBeVisible({ timeout: 2500 })

  // The brand link is a client navigation.
  await visitor.locator('a.brand').click()
  await expect(visitor).toHaveURL(new RegExp(`^${E2E_URL}/?$`))
  await expect(chatDialog(visitor).getByText(marker)).toBeVisible({ timeout: 2500 })

  // Minimised, it stays minimised on the next page.
  await chatDialog(visitor).getByRole('button', { name: 'Minimize chat' }).click()
  await visitor.goto('/pricing')
  await expect(visitor.locator('.chat-launcher')).toBeVisible()
  await expect(chatDialog(visitor)).toHaveCount(0)
  await visitor.context().close()
})

test("the launcher takes whether an agent is online from the configuration lookup, asking nothing more before its poll, and the chat goes on when the layout is read again (Next's router refresh)", async ({
  browser,
}) => {
  const context = await ownContext(browser)
  const visitor = await context.newPage()
  const asked: string[] = []
  visitor.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/chat/config') asked.push(url.search)
  })
  const lookups = () => asked.filter((search) => search === '').length
  await visitor.clock.install()
  await visitor.goto('/faq')
  // The chat loads once the page is idle.
  await visitor.clock.runFor(CHAT_IDLE_TIMEOUT_MS)
  await expect(visitor.locator('.chat-launcher')).toHaveText('Leave a message')
  // The poll's first question is CHAT_AVAILABILITY_POLL_MS after the widget started: a third of it
  // on, nothing more has been asked; a whole one on, the poll asks for availability alone.
  await visitor.clock.runFor(CHAT_AVAILABILITY_POLL_MS / 3)
  expect(asked).toEqual([''])
  await visitor.clock.runFor(CHAT_AVAILABILITY_POLL_MS)
  await expect.poll(() => asked).toEqual(['', '?availability'])

  // The settings arrive as a new object: the widget stops and runs again on the same controller.
  await visitor.evaluate(() => (window as unknown as { next: { router: { refresh(): void } } }).next.router.refresh())
  await expect.poll(lookups).toBe(2)
  await expect(visitor.locator('.chat-launcher')).toBeVisible()
  await visitor.locator('.chat-launcher').click()
  await expect(chatDialog(visitor)).toBeVisible()
  await context.close()
})

test("when the chat's code cannot load, the page stays whole, and the visitor's next ask loads the chat", async ({
  browser,
}) => {
  const context = await ownContext(browser)
  const visitor = await context.newPage()
  // The chat's files are the ones the document does not name (it loads them after idle).
  const { refused, allow } = await refuseLaterScripts(visitor, '/')
  // The loader gives up (after the script runtime's own second try) and says so.
  const leftOut = visitor.waitForEvent('console', {
    predicate: (message) => message.text().includes(OPTIONAL_PART_FAILED),
    timeout: CHAT_IDLE_TIMEOUT_MS + 10_000,
  })
  await visitor.goto('/')
  await leftOut
  expect(refused.length).toBeGreaterThan(0)
  // The page's own content is still there, not the error page.
  await expect(visitor.locator('h1').first()).toHaveText(/Ohio title searches/)
  await expect(visitor.locator('.carousel')).toBeVisible()
  await expect(visitor.locator('.chat-launcher')).toHaveCount(0)
  // The network is back; a page link that opens the chat (the stub's maximize) tries again.
  allow()
  await visitor.evaluate(() =>
    (window as unknown as { LiveChatWidget: { call(m: string): void } }).LiveChatWidget.call('maximize'),
  )
  await expect(chatDialog(visitor)).toBeVisible()
  await context.close()
})

test("when the chat fails while it runs, the page stays whole, and the footer's chat button starts it again", async ({
  browser,
}) => {
  const context = await ownContext(browser)
  // The first focus the widget moves into its window throws: a fault of the widget's own, once it
  // has started and taken over window.LiveChatWidget (not a file that failed to load).
  await context.addInitScript(() => {
    const focus = HTMLElement.prototype.focus
    let failed = false
    HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
      if (!failed && this.closest('.chat-window')) {
        failed = true
        throw new Error('the chat window failed while opening')
      }
      return focus.call(this, options)
    }
  })
  const visitor = await context.newPage()
  await visitor.goto('/')
  const leftOut = visitor.waitForEvent('console', {
    predicate: (message) => message.text().includes(OPTIONAL_PART_FAILED),
  })
  await visitor.locator('.chat-launcher').click()
  await leftOut
  await expect(visitor.locator('h1').first()).toHaveText(/Ohio title searches/)
  await expect(visitor.locator('.chat-launcher')).toHaveCount(0)
  // The window was open when it failed; forgotten, a new widget would not reopen it by itself.
  await visitor.evaluate((key) => window.sessionStorage.removeItem(key), CHAT_WINDOW_MEMORY_KEY)
  // A page's chat button goes through LiveChatWidget.call('maximize'): it must reach a new widget.
  await visitor.locator('footer .chat-button').click()
  await expect(chatDialog(visitor)).toBeVisible()
  await expect(chatDialog(visitor).locator(':focus')).toHaveCount(1)
  await context.close()
})

test('the launcher follows an agent coming online and going away, without a reload', async ({ browser }) => {
  const context = await ownContext(browser)
  const visitor = await context.newPage()
  // No pointer or key: this visitor's widget holds no stream, so only its availability poll can tell.
  await visitor.clock.install()
  await visitor.goto('/faq')
  await visitor.clock.runFor(CHAT_IDLE_TIMEOUT_MS)
  const launcher = visitor.locator('.chat-launcher')
  await expect(launcher).toHaveText('Leave a message')
  const nextPoll = () => visitor.clock.runFor(CHAT_AVAILABILITY_POLL_MS)
  const agent = await openConsole(browser)
  await nextPoll()
  await expect(launcher).toHaveText('Chat with us')
  await agent.locator('.agent-presence').selectOption('away')
  await nextPoll()
  await expect(launcher).toHaveText('Leave a message')
  await agent.locator('.agent-presence').selectOption('online')
  await nextPoll()
  await expect(launcher).toHaveText('Chat with us')

  // Once the visitor is about, the stream tells at once.
  await visitor.mouse.move(40, 40)
  await visitor.mouse.move(60, 60)
  await expect(visitor.locator('.chat-widget')).toHaveAttribute('data-connection', 'open')
  await agent.locator('.agent-presence').selectOption('away')
  await expect(launcher).toHaveText('Leave a message', { timeout: 3000 })
  await agent.context().close()
  await context.close()
})

/** The suite's agent takes the queued chat and answers it, through the console's API. */
async function answerAsAgent(request: APIRequestContext, conversationId: number, text: string) {
  const login = await request.post('/api/users/login', { data: { email: AGENT.email, password: AGENT.password } })
  const headers = { Authorization: `JWT ${(await login.json()).token}`, Origin: E2E_URL }
  for (const data of [
    { action: 'accept', conversationId },
    { action: 'message', conversationId, text },
  ]) {
    expect((await request.post('/api/chat/agent', { headers, data })).status()).toBe(200)
  }
}

test('an ended chat offers a rating, stored once, and a copy by email to the address given at its start, then a new chat', async ({
  browser,
  request,
}) => {
  const visitor = await openVisitor(browser, '/')
  const marker = visitorName('ended')
  const started = await visitor.request.post('/api/chat/visitor', {
    headers: { Origin: E2E_URL },
    data: { action: 'start', name: marker, email: 'transcript.reader@example.com' },
  })
  await postMessage(visitor, marker)
  await answerAsAgent(request, (await started.json()).conversationId, `Answering ${marker}`)
  await visitor.locator('.chat-launcher').click()
  const dialog = chatDialog(visitor)
  await dialog.getByRole('button', { name: 'End chat' }).click()
  await expect(dialog.getByText('The chat has ended.')).toBeVisible()

  await dialog.getByRole('button', { name: 'Good' }).click()
  await expect(dialog.getByText('Thank you for your rating.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Bad' })).toBeDisabled()
  const events = await visitor.request.get(
    `/api/chat-events?depth=0&where[text][equals]=${encodeURIComponent(marker)}`,
    { headers: { Authorization: `JWT ${chatAdmin()}` } },
  )
  const conversationId = (await events.json()).docs[0].conversation
  const conversation = await visitor.request.get(`/api/chat-conversations/${conversationId}?depth=0`, {
    headers: { Authorization: `JWT ${chatAdmin()}` },
  })
  expect((await conversation.json()).rating).toBe('good')

  await expect(dialog.getByRole('textbox', { name: /email/i })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Email me a copy of this chat' }).click()
  await expect(
    dialog.getByText('A copy of the chat is on its way to the address you gave when it started.'),
  ).toBeVisible()
  await expect.poll(() => mailsMentioning(marker)).toBe(1)

  await dialog.getByRole('button', { name: 'Start a new chat' }).click()
  await expect(dialog.getByText('The chat has ended.')).toHaveCount(0)
  await expect(dialog.getByText(marker)).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'End chat' })).toHaveCount(0)
  expect(mailsMentioning(marker)).toBe(1)
  await visitor.context().close()
})
