import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { STICK_TO_NEWEST_SLACK_PX } from '../../src/chat/browser/useStickToNewest'
import { DISMISSED_CHAT_TEXT } from '../../src/chat/server/conversation/dismissal'
import { seriousAxeViolations } from './support/axe'
import {
  chatAdmin,
  chatOnScreen,
  customerStatus,
  endChatAsAgent,
  openConsole,
  ownContext,
  ownPage,
  signInToConsole,
  prepareChatSuite,
  visitorName,
} from './support/chat'

prepareChatSuite()

/**
 * A visitor on `pagePath` who starts a chat as `name` and writes `message`; they wait in the queue.
 * Their browser closes when the test ends: one left open keeps its stream and its chat.
 */
async function startChat(browser: Browser, pagePath: string, name: string, message: string): Promise<Page> {
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

const queueEntry = (agent: Page, name: string) => agent.locator('.agent-queue li').filter({ hasText: name })

test('the queue shows the first message and the page, and the chat panel names the same page', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Cora')
  await startChat(browser, '/counties', name, 'Do you cover Adams County?')
  const entry = queueEntry(agent, name)
  await expect(entry.locator('.agent-queue-message')).toHaveText('“Do you cover Adams County?”')
  await expect(entry.locator('.agent-queue-page')).toHaveText('On /counties')
  await entry.getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  await expect(panel.locator('.agent-chat-page')).toHaveText('On /counties')
  await endChatAsAgent(agent, panel)
})

test('a chat the visitor ends stays on the agent’s screen, marked ended and mailable, until the agent closes it', async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  const name = visitorName('Enid')
  const visitor = await startChat(browser, '/', name, 'That is all I needed.')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  // The transcript goes to the address the visitor gave unless the agent types another.
  await expect(panel.getByLabel('Email transcript to')).toHaveValue('visitor@example.com')
  await expect.poll(() => customerStatus(visitor)).toBe('chatting')

  await visitor.getByRole('dialog', { name: 'Chat' }).getByRole('button', { name: 'End chat' }).click()
  await expect(panel.getByRole('status')).toHaveText(/This chat has ended/)
  await expect(panel.getByRole('heading', { name: new RegExp(`${name}.*Ended`) })).toBeVisible()
  await expect(panel.locator('.chat-event-message')).toHaveText([/That is all I needed/])
  await expect(panel.getByLabel('Reply')).toBeHidden()
  await expect(panel.getByRole('button', { name: 'Email transcript' })).toBeEnabled()
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toHaveCount(0)
  await visitor.context().close()
})

test('a waiting chat whose visitor left the site is marked left in the queue', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Lena')
  const visitor = await startChat(browser, '/', name, 'Are you there?')
  const entry = queueEntry(agent, name)
  await expect(entry).not.toHaveAttribute('data-left')
  await visitor.context().close()
  await expect(entry.locator('.agent-queue-left')).toHaveText(/Left the site/, { timeout: 15_000 })
  await entry.getByRole('button', { name: /^Dismiss/ }).click()
  await expect(entry).toHaveCount(0)
})

test('dismissing a stale queued chat ends it for the visitor with a reason', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Stella')
  const visitor = await startChat(browser, '/', name, 'Anyone there?')
  await visitor.evaluate(() => {
    const w = window as never as { heard: string[]; LiveChatWidget: { on(n: string, f: (e: unknown) => void): void } }
    w.heard = []
    w.LiveChatWidget.on('new_event', (event) => w.heard.push(JSON.stringify(event)))
  })
  await queueEntry(agent, name)
    .getByRole('button', { name: /^Dismiss/ })
    .click()
  await expect(queueEntry(agent, name)).toHaveCount(0)
  await expect.poll(() => customerStatus(visitor)).not.toBe('queued')
  const heard = () => visitor.evaluate(() => (window as never as { heard: string[] }).heard.join('\n'))
  await expect.poll(heard).toContain(DISMISSED_CHAT_TEXT)
})

test('a saved reply goes into the composer, is edited there, and is sent as edited', async ({ browser, request }) => {
  const created = await request.post('/api/chat-canned-replies', {
    headers: { Authorization: `JWT ${chatAdmin()}` },
    data: { title: 'Turnaround time', text: 'Most searches are ready in two business days.' },
  })
  expect(created.status()).toBe(201)
  const replyId = (await created.json()).doc.id
  try {
    const agent = await openConsole(browser)
    const name = visitorName('Sasha')
    const visitor = await startChat(browser, '/', name, 'How long does it take?')
    await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
    const panel = agent.locator('.agent-chat').filter({ hasText: name })
    // The reply box by its role and label's start: once it holds text, its name carries that text too.
    const composer = panel.getByRole('textbox', { name: /^Reply/ })
    await composer.fill('Hi Sasha.')
    await panel.getByLabel('Saved replies').selectOption({ label: 'Turnaround time' })
    await expect(composer).toHaveValue('Hi Sasha. Most searches are ready in two business days.')
    await expect(composer).toBeFocused()
    await composer.press('End')
    await composer.pressSequentially(' Rush orders: one day.')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    const sent = 'Hi Sasha. Most searches are ready in two business days. Rush orders: one day.'
    await expect(visitor.getByRole('dialog', { name: 'Chat' }).locator('.chat-event-message').last()).toHaveText(
      new RegExp(sent.replace(/\./g, '\\.')),
    )
    await endChatAsAgent(agent, panel)
  } finally {
    await request.delete(`/api/chat-canned-replies/${replyId}`, { headers: { Authorization: `JWT ${chatAdmin()}` } })
  }
})

test('in the reply box Enter sends and Shift+Enter starts a new line, as the keys hint says', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Enzo')
  const visitor = await startChat(browser, '/', name, 'Can I type?')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  const composer = panel.getByRole('textbox', { name: /^Reply/ })
  await expect(composer).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.')
  await composer.pressSequentially('First line')
  await composer.press('Shift+Enter')
  await composer.pressSequentially('second line')
  await expect(composer).toHaveValue('First line\nsecond line')
  await composer.press('Enter')
  await expect(composer).toHaveValue('')
  const lastMessage = visitor.getByRole('dialog', { name: 'Chat' }).locator('.chat-event-message').last()
  await expect(lastMessage).toContainText('First line')
  await expect(lastMessage).toContainText('second line')
  await endChatAsAgent(agent, panel)
})

test('history finds an ended chat by visitor and day and opens its transcript read-only', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Hollis')
  await startChat(browser, '/', name, 'Looking for a deed from 1950')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  await endChatAsAgent(agent, panel)

  await agent.getByRole('button', { name: 'History' }).click()
  const today = await agent.evaluate(() => {
    const now = new Date()
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  })
  const search = agent.getByRole('search')
  await search.getByLabel('Visitor name or email').fill(name)
  await search.getByLabel('Day').fill(today)
  await search.getByRole('button', { name: 'Search' }).click()
  const results = agent.locator('.agent-history-list li')
  await expect(results).toHaveCount(1)
  await results.getByRole('button').click()
  const transcript = agent.getByRole('log', { name: `Past transcript with ${name}` })
  await expect(transcript).toContainText('Looking for a deed from 1950')
  await expect(transcript).toContainText('ended the chat')
  await expect(agent.locator('.agent-history-transcript textarea, .agent-history-transcript input')).toHaveCount(0)

  // Another day finds nothing.
  await search.getByLabel('Day').fill('2020-01-01')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(results).toHaveCount(0)
  await expect(agent.getByText('No past chats match.')).toBeVisible()
})

/** Counts the chimes (each starts two tones) and desktop notifications of every page of the context. */
async function countAlerts(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as never as { chimes: number; notices: string[]; Notification: unknown }
    w.chimes = 0
    w.notices = []
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (...args) {
      w.chimes += 0.5
      return start.apply(this, args)
    }
    // The browser's permission prompt cannot be answered in a test: this one grants at once.
    let permission: NotificationPermission = 'default'
    w.Notification = class {
      static get permission() {
        return permission
      }
      static async requestPermission() {
        permission = 'granted'
        return permission
      }
      onclick: (() => void) | null = null
      constructor(title: string, options: { body: string }) {
        w.notices.push(`${title}: ${options.body}`)
      }
      close() {}
    }
  })
}
const alertsHeard = (page: Page) =>
  page.evaluate(() => {
    const w = window as never as { chimes: number; notices: string[] }
    return { chimes: w.chimes, notices: w.notices }
  })

test('a waiting visitor counts in the title and chimes; the agent may mute the chime (remembered) and enable desktop notifications', async ({
  browser,
}) => {
  const context = await ownContext(browser)
  await countAlerts(context)
  const agent = await signInToConsole(await context.newPage())
  // Chats other suites on this server left waiting (a visitor who left) are dismissed first, as an
  // agent would: the count starts from an empty queue.
  const stale = agent.locator('.agent-queue li').getByRole('button', { name: /^Dismiss/ })
  for (let left = await stale.count(); left > 0; left = await stale.count()) {
    await stale.first().click()
    await expect(stale).toHaveCount(left - 1)
  }
  await expect(agent).toHaveTitle('Chat console')
  // Counted from here (a stale chat waiting when the console opened chimed for itself).
  const chimedBefore = (await alertsHeard(agent)).chimes

  const first = visitorName('Tess')
  await startChat(browser, '/', first, 'Hello?')
  await expect(agent).toHaveTitle('(1) Chat console')
  await expect.poll(async () => (await alertsHeard(agent)).chimes - chimedBefore).toBe(1)
  await queueEntry(agent, first).getByRole('button', { name: 'Accept' }).click()
  await expect(agent).toHaveTitle('Chat console')
  await endChatAsAgent(agent, agent.locator('.agent-chat').filter({ hasText: first }))

  // Muted, and still muted after a reload; notifications are asked for only on the button.
  const sound = agent.getByRole('button', { name: 'Sound for new chats' })
  await expect(sound).toHaveAttribute('aria-pressed', 'true')
  await sound.click()
  await expect(sound).toHaveAttribute('aria-pressed', 'false')
  await agent.reload()
  await expect(agent.locator('.agent-connection')).toHaveText('Connected')
  await expect(sound).toHaveAttribute('aria-pressed', 'false')
  expect(await agent.evaluate(() => Notification.permission)).toBe('default')
  await agent.getByRole('button', { name: 'Enable notifications' }).click()
  await expect(agent.getByRole('button', { name: 'Enable notifications' })).toHaveCount(0)

  // The console behind another window: the notification names the visitor; no chime, it is muted.
  await agent.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const second = visitorName('Nico')
  await startChat(browser, '/', second, 'Anyone?')
  await expect(agent).toHaveTitle('(1) Chat console')
  await expect
    .poll(async () => (await alertsHeard(agent)).notices)
    .toEqual([`A visitor is waiting to chat: ${second} is in the queue.`])
  expect((await alertsHeard(agent)).chimes).toBe(0)
  await queueEntry(agent, second)
    .getByRole('button', { name: /^Dismiss/ })
    .click()
  await expect(agent).toHaveTitle('Chat console')
})

test('End chat asks first: Escape or Keep chatting keep the chat, End chat ends it and it stays, marked ended, until closed', async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  const name = visitorName('Dora')
  const visitor = await startChat(browser, '/', name, 'One more thing')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  // Accepting puts the chat on screen (a chat another test left may show until the accept is heard).
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  await expect(panel).toBeVisible()
  const endButton = panel.getByRole('button', { name: 'End chat' })
  const confirm = agent.getByRole('dialog', { name: 'End this chat?' })

  await endButton.click()
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Keep chatting' })).toBeFocused()
  await agent.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(endButton).toBeFocused()
  await endButton.click()
  await confirm.getByRole('button', { name: 'Keep chatting' }).click()
  await expect(confirm).toHaveCount(0)
  expect(await customerStatus(visitor)).toBe('chatting')

  await endButton.press('Enter')
  await confirm.getByRole('button', { name: 'End chat' }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('browsing')
  await expect(panel.getByRole('status')).toHaveText(/This chat has ended/)
  await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused()
  await expect(panel.getByRole('log')).toContainText('ended the chat')
  await expect(agent.locator('.agent-my-chats li').filter({ hasText: name })).toContainText('Ended')
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toHaveCount(0)
})

test('at 1440 px the chats, the conversation and the visitor sit side by side, the conversation taking the height; it follows new messages unless the agent scrolled up', async ({
  browser,
}) => {
  const agent = await openConsole(browser, '', { viewport: { width: 1440, height: 900 } })
  const name = visitorName('Lyle')
  await startChat(browser, '/', name, 'A first question')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  await expect(panel).toBeVisible()
  await expect(chatOnScreen(agent)).toHaveCount(1)

  const box = async (selector: string) => (await agent.locator(selector).boundingBox())!
  const [chats, conversation, details] = [
    await box('.agent-side'),
    await box('.agent-chats'),
    await box('.agent-details'),
  ]
  expect(chats.x + chats.width).toBeLessThanOrEqual(conversation.x)
  expect(conversation.x + conversation.width).toBeLessThanOrEqual(details.x)
  expect(details.x + details.width).toBeGreaterThan(1440 - 40)
  expect(conversation.width).toBeGreaterThan(700)
  await expect(agent.getByRole('complementary', { name: 'Details' })).toContainText(name)
  // The page does not scroll: the conversation fills the height, its composer in view.
  expect(await agent.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true)
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeInViewport()
  expect((await box('.agent-chat:not([hidden]) .chat-log-region')).height).toBeGreaterThan(400)

  const log = panel.getByRole('log')
  const conversationId = Number(await panel.getAttribute('data-conversation-id'))
  const say = async (from: number, to: number) => {
    for (let i = from; i <= to; i++) {
      const sent = await agent.request.post('/api/chat/agent', {
        headers: { Origin: E2E_URL },
        data: {
          action: 'message',
          conversationId,
          text: `Line ${i}: ${'a title search covers deeds, liens and taxes. '.repeat(4)}`,
        },
      })
      expect(sent.status()).toBe(200)
    }
    await expect(log.locator('.chat-event-message').last()).toContainText(`Line ${to}:`)
  }
  const distanceFromEnd = () =>
    log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)
  await say(1, 14)
  await expect.poll(distanceFromEnd).toBeLessThan(STICK_TO_NEWEST_SLACK_PX)
  await expect(log.locator('.chat-event-message').last()).toBeInViewport()

  // Scrolled up to read: the position stays, and a button offers the newest.
  await log.evaluate((element) => element.scrollTo({ top: 0 }))
  await say(15, 16)
  expect(await log.evaluate((element) => element.scrollTop)).toBe(0)
  const newest = panel.getByRole('button', { name: /New messages/ })
  await newest.click()
  await expect.poll(distanceFromEnd).toBeLessThan(STICK_TO_NEWEST_SLACK_PX)
  await expect(newest).toHaveCount(0)

  // The visitors on the site are a view of the whole width, their words whole ("chatting", not "chattin/g").
  await agent.getByRole('button', { name: /^Visitors/ }).click()
  const status = agent.locator('.agent-visitors tbody tr').filter({ hasText: name }).locator('.visitor-status')
  await expect(status).toHaveText('chatting')
  const lines = await status.evaluate((cell) => {
    const range = document.createRange()
    range.selectNodeContents(cell)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })
  expect(lines).toBe(1)
  await agent.getByRole('button', { name: /^Live chats/ }).click()
  await endChatAsAgent(agent, panel)
})

test('sign-out ends the session and returns to the sign-in page; the console, its history and its sign-in page have no serious accessibility violations', async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  expect(await seriousAxeViolations(agent)).toEqual([])
  await agent.getByRole('button', { name: 'History' }).click()
  await expect(agent.getByRole('heading', { name: 'Past chats' })).toBeVisible()
  expect(await seriousAxeViolations(agent)).toEqual([])
  await agent.getByRole('button', { name: 'Sign out' }).click()
  await expect(agent).toHaveURL(/\/agent\/login$/)
  // The client router names the new page once its metadata arrives, after the address changes.
  await expect(agent).toHaveTitle('Sign in · Chat console')
  expect(await seriousAxeViolations(agent)).toEqual([])
  const cookies = await agent.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'payload-token')).toBeUndefined()
  await agent.goto('/agent')
  await expect(agent).toHaveURL(/\/agent\/login$/)
  const me = await agent.request.get('/api/users/me')
  expect((await me.json()).user).toBeNull()
})
