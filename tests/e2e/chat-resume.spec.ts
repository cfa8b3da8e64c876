import { expect, test } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { CHAT_RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_MAX_TRIES } from '../../src/chat/constants'
import { reconnectDelay } from '../../src/chat/browser/reconnect'
import { customerStatus, openConsole, ownPage, prepareChatSuite, visitorName } from './support/chat'
import { startDropProxy } from './support/dropProxy'
import { secondServer } from './support/secondServer'

prepareChatSuite()

test('a dropped stream resumes without losing or repeating a message', async ({ browser }) => {
  const proxy = await startDropProxy(E2E_PORT + 8, E2E_PORT)
  const agent = await openConsole(browser)
  const visitor = await ownPage(browser)
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

test('a chat survives a restart of the server: nothing lost, nothing doubled', async ({ browser }) => {
  test.setTimeout(120_000)
  const server = secondServer(E2E_PORT + 6, E2E_PORT)
  await server.start()
  const agent = await openConsole(browser, server.origin)
  const visitor = await ownPage(browser)
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
    // The tab remembers its open window: after a reload it opens again by itself, with the chat.
    await visitor.reload()
    await expect(visitor.getByRole('dialog', { name: 'Chat' }).locator('.chat-event-message')).toHaveText([
      /Before the restart/,
      /After the restart/,
      /Still here/,
    ])
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
    // Each try fails in real time (a refused connection) before its next wait starts on the page's
    // clock, so the clock is moved on a step at a time until the notice shows, never past the tries.
    const lost = page.locator('.chat-connection-lost')
    let advanced = 0
    await expect
      .poll(
        async () => {
          if ((await lost.count()) > 0) return true
          await page.clock.runFor(CHAT_RECONNECT_MAX_DELAY_MS)
          advanced += CHAT_RECONNECT_MAX_DELAY_MS
          return false
        },
        { timeout: 30_000, intervals: [50] },
      )
      .toBe(true)
    expect(advanced).toBeGreaterThanOrEqual(total - CHAT_RECONNECT_MAX_DELAY_MS)
    await expect(lost).toContainText('could not reconnect')
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
