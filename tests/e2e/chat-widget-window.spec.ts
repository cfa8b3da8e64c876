import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CHAT_POST_LIMIT } from '../../src/chat/constants'
import { MESSAGES } from '../../src/forms/validation'
import { mailsMentioning } from './helpers'
import {
  AGENT,
  chatAdmin,
  chatDialog,
  openConsole,
  openVisitor,
  ownPage,
  prepareChatSuite,
  visitorName,
} from './support/chat'

// The visitor's chat window: its layout on a phone, the start form, a chat kept across pages, and an ended chat.
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
