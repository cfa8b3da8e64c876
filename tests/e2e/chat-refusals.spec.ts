import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CHAT_MESSAGE_MAX_CHARS, CHAT_POST_LIMIT } from '../../src/chat/constants'
import { chatAdmin, openConsole, openVisitor, ownContext, prepareChatSuite } from './support/chat'

prepareChatSuite()

test('hostile input: oversized and HTML messages, wrong files, floods, foreign origins', async ({
  browser,
  request,
}) => {
  const agent = await openConsole(browser)
  const visitor = await openVisitor(browser)
  const post = (data: unknown, headers: Record<string, string> = {}) =>
    visitor.request.post('/api/chat/visitor', { data, headers: { Origin: E2E_URL, ...headers } })
  expect((await post({ action: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) })).status()).toBe(413)
  expect((await post({ action: 'message', text: 'hello' }, { Origin: 'https://evil.example' })).status()).toBe(403)

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

  let lastStatus = 0
  for (let i = 0; i <= CHAT_POST_LIMIT; i++) lastStatus = (await post({ action: 'typing', typing: true })).status()
  expect(lastStatus).toBe(429)

  // Another visitor cannot read this conversation, and the console is closed to the anonymous.
  const stranger = await openVisitor(browser)
  await stranger.locator('.chat-launcher').click()
  await expect(stranger.locator('.chat-event')).toHaveCount(0)
  expect((await request.get('/api/chat/agent/stream')).status()).toBe(401)
  expect((await request.get('/api/chat-events')).status()).toBe(403)
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
  expect((await context.request.get('/api/chat/agent/stream', { headers: { Origin: E2E_URL } })).status()).toBe(403)
  await context.close()
})
