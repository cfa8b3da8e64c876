import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DISMISSED_CHAT_TEXT } from '../../src/chat/server/conversation/dismissal'
import {
  customerStatus,
  endChatAsAgent,
  openConsole,
  ownContext,
  prepareChatSuite,
  queueEntry,
  signInToConsole,
  startChat,
  visitorName,
} from './support/chat'

// The agent console's queue: what a waiting chat shows, how it leaves the queue, and the alerts it raises.
prepareChatSuite()

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
