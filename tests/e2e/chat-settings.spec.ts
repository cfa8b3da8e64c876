import { expect, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { CHAT_RECONNECT_MAX_TRIES } from '../../src/chat/constants'
import { BUILTIN_CONFIG_PATH } from '../../src/chat/lookup'
import {
  chatWarnings,
  DEFAULT_CHAT,
  prepareChatSuite,
  setChatSettings,
  warningsOnceLookupGivesUp,
} from './support/chat'

prepareChatSuite()

test('on a host name that is not allowed the widget disables itself with a warning', async ({ page, request }) => {
  await setChatSettings(request, { provider: 'builtin', allowedDomains: [] })
  try {
    const warnings: string[] = []
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
    await page.goto(E2E_URL.replace('127.0.0.1', 'localhost') + '/')
    await expect.poll(() => warnings.join('\n')).toContain('domain_not_allowed')
    await expect(page.locator('.chat-launcher')).toHaveCount(0)
  } finally {
    await setChatSettings(request, {
      provider: 'builtin',
      allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
    })
  }
})

test('an expired licence disables the widget and sends the direct chat link to the expired-link page', async ({
  page,
  request,
}) => {
  await setChatSettings(request, { ...DEFAULT_CHAT, licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
  try {
    expect(await chatWarnings(page, 'license_expired')).toContain('Chat widget disabled')
    await expect(page.locator('.chat-launcher')).toHaveCount(0)
    await page.goto('/chat')
    await expect(page).toHaveURL(/\/chat\/expired$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This chat link has expired')
  } finally {
    await setChatSettings(request, DEFAULT_CHAT)
  }
  await page.goto('/chat')
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible()
})

test('the built-in chat stays disabled when its licence shows another product than the chat', async ({
  page,
  request,
}) => {
  await setChatSettings(request, { ...DEFAULT_CHAT, defaultWidget: 'contact-form' })
  try {
    const warnings = await chatWarnings(page, 'wrong_product')
    expect(warnings).toContain('the default widget is not the chat product')
    await page.locator('footer .chat-button').click()
    await expect(page.locator('.chat-launcher, .chat-window')).toHaveCount(0)
  } finally {
    await setChatSettings(request, { ...DEFAULT_CHAT, defaultWidget: 'chat' })
  }
})

test(`the built-in chat retries its configuration lookup ${CHAT_RECONNECT_MAX_TRIES} times, then stays disabled`, async ({
  page,
}) => {
  const lookups: string[] = []
  await page.route(`**${BUILTIN_CONFIG_PATH}`, (route) => {
    lookups.push(route.request().url())
    return route.abort('connectionrefused')
  })
  const warnings = await warningsOnceLookupGivesUp(page)
  expect(warnings).toContain('the region lookup failed')
  expect(lookups).toHaveLength(CHAT_RECONNECT_MAX_TRIES + 1)
  await expect(page.locator('.chat-launcher')).toHaveCount(0)
})
