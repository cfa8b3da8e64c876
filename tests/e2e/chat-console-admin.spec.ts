import { test } from '@playwright/test'
import { AGENT_CONSOLE_PATH } from '../../src/chat/admin/AgentConsoleLink'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'
import { AGENT, prepareChatSuite } from './support/chat'

prepareChatSuite()

test('the admin navigation links admins to the chat console', async ({ context, page, request }) => {
  await signInAsAdmin(context, request)
  await openAdmin(page, '')
  const link = page.locator('#nav-agent-console')
  await expect(link).toHaveAttribute('href', AGENT_CONSOLE_PATH)
  await expect(link).toHaveText('Chat console')
})

test('an agent who signs in to the admin lands in the chat console', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(AGENT.email)
  await page.getByLabel('Password').fill(AGENT.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(new RegExp(`${AGENT_CONSOLE_PATH}$`))
  await expect(page.locator('.agent-connection')).toHaveText('Connected')
})
