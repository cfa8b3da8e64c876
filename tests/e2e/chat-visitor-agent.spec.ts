import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CHAT_SOUND_THROTTLE_MS } from '../../src/chat/constants'
import {
  chatOnScreen,
  customerStatus,
  endChatAsAgent,
  openConsole,
  openVisitor,
  ownContext,
  prepareChatSuite,
  visitorName,
} from './support/chat'

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b20000000049454e44ae426082',
  'hex',
)

prepareChatSuite()

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

  // Invite the visitor from the list of visitors on the site, a view of its own.
  await agent.getByRole('button', { name: /^Visitors/ }).click()
  const row = agent.locator('.agent-visitors tbody tr').filter({ hasText: 'Anonymous visitor' }).last()
  await row.getByRole('button', { name: 'Invite' }).click()
  await expect.poll(() => customerStatus(visitor)).toBe('invited')
  await expect(visitor.locator('.chat-unread')).toHaveText(/1/)
  await agent.getByRole('button', { name: /^Live chats/ }).click()

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
  const panel = chatOnScreen(agent)
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
  await endChatAsAgent(agent, panel)
  await expect.poll(() => customerStatus(visitor)).toBe('browsing')
  await agent.context().close()
  await visitor.context().close()
})

test('unread count and a sound throttled to one per 2 s, silent until the visitor interacts', async ({ browser }) => {
  const agent = await openConsole(browser)
  const context = await ownContext(browser)
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
