import { expect, test } from '@playwright/test'
import { CHAT_AVAILABILITY_POLL_MS } from '../../src/chat/widget/availability'
import { CHAT_IDLE_TIMEOUT_MS } from '../../src/chat/ChatLoader'
import { CHAT_WINDOW_MEMORY_KEY } from '../../src/chat/widget/windowMemory'
import { OPTIONAL_PART_FAILED } from '../../src/dom/OptionalPart'
import { refuseLaterScripts } from './support/scripts'
import { chatDialog, openConsole, ownContext, prepareChatSuite } from './support/chat'

// The chat's launcher: whether an agent is online, and the chat loaded after idle, failing, and loaded again.
prepareChatSuite()

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
