import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { CHAT_MESSAGE_MAX_CHARS } from '../../src/chat/constants'
import { chatAdmin, openConsole, openVisitor, ownContext, prepareChatSuite } from './support/chat'

prepareChatSuite()

// The endpoints' own refusals (an oversized message 413, another site's post 403, a flood 429, the
// agent stream to the anonymous 401, the chat's records to a visitor) are tested over HTTP in
// tests/integration/chat-visitor.test.ts and chat-agent.test.ts; here, what the visitor is told.
test('the widget refuses an oversized message and a wrong or oversized file in its own words, and another visitor sees none of the chat', async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  const visitor = await openVisitor(browser)
  await visitor.locator('.chat-launcher').click()
  const dialog = visitor.getByRole('dialog', { name: 'Chat' })
  await dialog.getByLabel('Name').fill('Hal')
  await dialog.getByLabel('Email').fill('hal@example.com')
  await dialog.getByRole('button', { name: 'Start chat' }).click()
  await dialog.getByLabel('Message').fill('y'.repeat(CHAT_MESSAGE_MAX_CHARS + 1))
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.locator('.chat-error')).toContainText('longer than')
  await dialog
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'run.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') })
  await expect(dialog.locator('.chat-error')).toContainText('cannot be sent')
  const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-')), 'big.txt')
  fs.writeFileSync(big, Buffer.alloc(6 * 1024 * 1024, 0x41))
  await dialog.getByLabel('Attach a file').setInputFiles(big)
  await expect(dialog.locator('.chat-error')).toContainText('too large')

  // Another visitor cannot read this conversation.
  const stranger = await openVisitor(browser)
  await stranger.locator('.chat-launcher').click()
  await expect(stranger.locator('.chat-event')).toHaveCount(0)
  await visitor.context().close()
  await stranger.context().close()
  await agent.context().close()
})

test('the console refuses anonymous visitors and accounts without the agent role', async ({ browser, request }) => {
  const anonymous = await browser.newPage()
  await anonymous.goto('/agent')
  await expect(anonymous).toHaveURL(/\/agent\/login$/)
  await anonymous.close()

  const editor = { email: 'chat-editor@example.com', password: 'editor-password-for-tests' }
  await request.post('/api/users', {
    headers: { Authorization: `JWT ${chatAdmin()}` },
    data: { ...editor, roles: ['editor'] },
  })
  const context = await ownContext(browser)
  const login = await context.request.post('/api/users/login', { data: editor })
  expect(login.ok()).toBe(true)
  const page = await context.newPage()
  await page.goto('/agent')
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  await context.close()
})
