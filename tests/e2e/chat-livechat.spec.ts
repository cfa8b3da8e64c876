import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  test,
} from '@playwright/test'
import { E2E_PORT, FIRST_VISIT, RETURNING_VISITOR } from '../../playwright.config'
import { CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { CHAT_RECONNECT_MAX_TRIES } from '../../src/chat/constants'
import { LIVECHAT_CONSENT_TYPE } from '../../src/chat/livechat/consent'
import {
  chatWarnings,
  DEFAULT_CHAT,
  prepareChatSuite,
  setChatSettings,
  warningsOnceLookupGivesUp,
} from './support/chat'
import {
  LIVECHAT_STAND_IN_OFFSET,
  type LiveChatStandIn,
  startLiveChatStandIn,
  type StandInAnswer,
} from './support/liveChatStandIn'

prepareChatSuite()

/** A returning visitor who allowed analytics, which LiveChat's visitor-tracking cookies need. */
const ANALYTICS_ALLOWED = {
  cookies: [],
  origins: RETURNING_VISITOR.origins.map((origin) => ({
    ...origin,
    localStorage: origin.localStorage.map((item) =>
      item.name === CONSENT_STORAGE_KEY
        ? { ...item, value: item.value.replace('"analytics":false', '"analytics":true') }
        : item,
    ),
  })),
}
const LIVECHAT = { ...DEFAULT_CHAT, provider: 'livechat', license: '12345678', group: 2 }
/** Time for a page to act on a lookup's answer once the stand-in has sent it. */
const LOOKUP_SETTLE_MS = 1000

/**
 * Runs `run` with the LiveChat stand-in answering and the chat set to LiveChat, in a browser context
 * of `storageState`; the built-in chat is put back after.
 */
async function withLiveChat(
  browser: Browser,
  request: APIRequestContext,
  storageState: BrowserContextOptions['storageState'],
  run: (context: BrowserContext, standIn: LiveChatStandIn) => Promise<void>,
) {
  const standIn = await startLiveChatStandIn(E2E_PORT + LIVECHAT_STAND_IN_OFFSET)
  await setChatSettings(request, LIVECHAT)
  const context = await browser.newContext({ storageState })
  try {
    await run(context, standIn)
  } finally {
    await context.close()
    await setChatSettings(request, DEFAULT_CHAT)
    await standIn.stop()
  }
}

test('LiveChat: each configuration error from its lookup leaves the widget disabled with a warning naming it', async ({
  browser,
  request,
}) => {
  const standIn = await startLiveChatStandIn(E2E_PORT + LIVECHAT_STAND_IN_OFFSET)
  const context = await browser.newContext({ storageState: ANALYTICS_ALLOWED })
  try {
    // Known before anything is asked: no licence at all.
    await setChatSettings(request, { ...LIVECHAT, license: '' })
    await chatWarnings(await context.newPage(), 'license_not_found')

    await setChatSettings(request, LIVECHAT)
    const answers: StandInAnswer[] = ['license_not_found', 'license_expired', 'domain_not_allowed', 'wrong_product']
    for (const answer of answers) {
      standIn.answer = answer
      standIn.requests.length = 0
      const page = await context.newPage()
      await chatWarnings(page, answer)
      expect(standIn.requests.filter((path) => path.includes('get_dynamic_configuration'))).toHaveLength(1)
      expect(standIn.requests.filter((path) => path.startsWith('/tracking.js'))).toHaveLength(0)
      await page.close()
    }

    // The region cannot be reached: retried with backoff, then disabled.
    standIn.answer = 'down'
    standIn.requests.length = 0
    await warningsOnceLookupGivesUp(await context.newPage())
    expect(standIn.requests.filter((path) => path.includes('get_dynamic_configuration'))).toHaveLength(
      CHAT_RECONNECT_MAX_TRIES + 1,
    )
    expect(standIn.requests.filter((path) => path.startsWith('/tracking.js'))).toHaveLength(0)
  } finally {
    await context.close()
    await setChatSettings(request, DEFAULT_CHAT)
    await standIn.stop()
  }
})

test(`LiveChat waits for ${LIVECHAT_CONSENT_TYPE}: nothing reaches it before consent, a chat-button explains, Accept all loads it`, async ({
  browser,
  request,
}) => {
  await withLiveChat(browser, request, FIRST_VISIT, async (context, standIn) => {
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('footer .chat-button').click()
    const notice = page.getByRole('dialog', { name: 'Chat needs your permission' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('button', { name: 'Privacy choices' })).toBeFocused()
    await expect(notice.getByRole('link', { name: 'Contact us instead' })).toHaveAttribute('href', '/contact')
    const axe = await new AxeBuilder({ page }).include('.chat-consent-notice').analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    // Escape closes it and gives focus back to the chat-button; a second click opens it again.
    await page.keyboard.press('Escape')
    await expect(notice).toHaveCount(0)
    await expect(page.locator('footer .chat-button')).toBeFocused()
    await page.locator('footer .chat-button').click()
    await expect(notice).toBeVisible()
    expect(standIn.requests).toEqual([])

    // "Privacy choices" opens the consent dialog; the visitor accepts there.
    await notice.getByRole('button', { name: 'Privacy choices' }).click()
    const choices = page.getByRole('dialog', { name: 'Privacy choices' })
    await expect(choices).toBeVisible()
    expect(standIn.requests).toEqual([])
    await choices.getByRole('button', { name: 'Accept all' }).click()

    await expect
      .poll(() => standIn.requests.map((path) => path.split('?')[0]))
      .toEqual(['/v3.6/customer/action/get_dynamic_configuration', '/tracking.js'])
    await expect(notice).toHaveCount(0)
    // The clicks that asked for the chat (both) reach LiveChat once it has loaded, and it opens.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            window as never as { LiveChatWidget: { _standIn?: { calls: unknown[][] } } }
          ).LiveChatWidget._standIn?.calls.map((call) => call[0]),
        ),
      )
      .toEqual(['maximize', 'maximize'])
    const state = await page.evaluate(() =>
      (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('state'),
    )
    expect(state).toMatchObject({ visibility: 'maximized' })
  })
})

test("with LiveChat configured, queued API calls and chat-buttons reach LiveChat's own widget API, and its tracking script is added once a page, also when the layout is read again (Next's router refresh)", async ({
  browser,
  request,
}) => {
  await withLiveChat(browser, request, ANALYTICS_ALLOWED, async (context, standIn) => {
    const lookups = () => standIn.requests.filter((asked) => asked.includes('get_dynamic_configuration')).length
    const trackingScripts = () => page.locator('script[src$="/tracking.js"]').count()
    const page = await context.newPage()
    await page.goto('/')
    await page.evaluate(() => {
      const api = (window as never as { LiveChatWidget: { call(m: string, a?: unknown): void } }).LiveChatWidget
      api.call('set_customer_name', 'Queued Name')
    })
    await page.locator('footer .chat-button').click()
    const standInSeen = () =>
      page.evaluate(() => {
        const api = (window as never as { LiveChatWidget: { _standIn?: { license: unknown; calls: unknown[] } } })
          .LiveChatWidget
        return api._standIn
          ? { license: api._standIn.license, calls: api._standIn.calls.map((call) => (call as unknown[]).join(':')) }
          : null
      })
    await expect.poll(standInSeen).toEqual({
      license: 12345678,
      calls: ['set_customer_name:Queued Name', 'maximize:'],
    })
    const state = await page.evaluate(() =>
      (window as never as { LiveChatWidget: { get(k: string): unknown } }).LiveChatWidget.get('state'),
    )
    expect(state).toMatchObject({ visibility: 'maximized' })

    await expect.poll(trackingScripts).toBe(1)
    expect(lookups()).toBe(1)
    // The provider's effect runs again with the settings as a new object: it looks LiveChat up again.
    await page.evaluate(() => (window as unknown as { next: { router: { refresh(): void } } }).next.router.refresh())
    await expect.poll(lookups).toBe(2)
    // The lookup's answer is what would add a script; give the page a moment past it.
    await page.waitForTimeout(LOOKUP_SETTLE_MS)
    expect(await trackingScripts()).toBe(1)
  })
})
