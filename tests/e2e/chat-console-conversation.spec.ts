import { expect, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { STICK_TO_NEWEST_SLACK_PX } from '../../src/chat/browser/useStickToNewest'
import {
  chatAdmin,
  chatOnScreen,
  customerStatus,
  endChatAsAgent,
  openConsole,
  prepareChatSuite,
  queueEntry,
  startChat,
  visitorName,
} from './support/chat'

// A chat in the agent console: replying (saved replies, the keys), ending it, and its layout at 1440 px.
prepareChatSuite()

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
