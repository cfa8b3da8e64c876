import { expect, test } from '@playwright/test'
import { CONSENT_WAIT_FOR_UPDATE_MS, REGION_COOKIE } from '../../src/analytics/consent/model'
import { GOOGLE_TAG_SETTINGS } from '../../src/analytics/consent/bootstrap'
import { consentCommands, dataLayerOf, settle } from './support/analytics'
import {
  ALL_DENIED,
  ALL_GRANTED,
  banner,
  dialog,
  fromRegion,
  idleAndQuiet,
  prepareConsentSuite,
} from './support/consent'

const standIn = prepareConsentSuite()

test.describe('consent defaults', () => {
  test('in a regulated region, the denied default comes before anything else, with signals and ad data settings, and nothing but the first-party collector runs before the visitor chooses', async ({
    page,
  }) => {
    await fromRegion(page, 'DE')
    const outgoing: string[] = []
    page.on('request', (request) => outgoing.push(request.url()))
    await page.goto('/')
    const layer = await dataLayerOf(page)
    expect(layer[0]).toEqual(['consent', 'default', { ...ALL_DENIED, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    expect(layer[1]).toEqual(['set', GOOGLE_TAG_SETTINGS])
    await idleAndQuiet(page)
    await expect(banner(page)).toBeVisible()
    const [first] = await consentCommands(page)
    expect(first).toEqual(['consent', 'default', { ...ALL_DENIED, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    expect(standIn().requests).toEqual([])
    expect(outgoing.filter((url) => !url.startsWith(page.url().split('/').slice(0, 3).join('/')))).toEqual([])
  })

  test('treats a visitor whose region is unknown as in a regulated region', async ({ page }) => {
    await page.goto('/')
    expect((await consentCommands(page))[0][2]).toMatchObject(ALL_DENIED)
  })

  test('grants by default outside the listed regions, loads the configured tags once idle, and remembers the region for the next page, whose default is then the region’s own', async ({
    page,
    context,
  }) => {
    await fromRegion(page, 'US-OH')
    await page.goto('/')
    // The page is the same for everyone: on a visit's first page the default starts denied, and
    // the region's default follows as soon as the server names the region.
    expect((await consentCommands(page))[0][2]).toMatchObject(ALL_DENIED)
    await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual(['consent', 'update', ALL_GRANTED])
    expect(await consentCommands(page)).toHaveLength(2)
    await idleAndQuiet(page)
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtag/js', '/gtm.js', '/tag/clar1']))
    expect((await context.cookies()).find((cookie) => cookie.name === REGION_COOKIE)?.value).toBe('US-OH')
    await page.goto('/pricing')
    const commands = await consentCommands(page)
    expect(commands[0]).toEqual(['consent', 'default', { ...ALL_GRANTED, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    await idleAndQuiet(page)
    expect(await consentCommands(page)).toHaveLength(1)
  })

  test('asks no Google host for anything while the region is still unknown', async ({ page }) => {
    await fromRegion(page, 'US-OH')
    // The region lookup is held back: until it answers, the denied default stands and no tag loads.
    let release: () => void = () => undefined
    await page.route('**/api/consent/region', async (route) => {
      await new Promise<void>((resolve) => (release = resolve))
      await route.continue()
    })
    await page.goto('/')
    await settle(page)
    await page.waitForTimeout(1000)
    expect(standIn().requests).toEqual([])
    expect((await consentCommands(page)).map((command) => command[1])).toEqual(['default'])
    release()
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtm.js']))
  })
})

test.describe('Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1', 'x-visitor-region': 'US-OH' } })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    )
  })

  test('denies the ad types by default, shows advertising switched off in the dialog and why, and keeps them denied even on "Accept all"', async ({
    page,
  }) => {
    await page.goto('/')
    await expect.poll(async () => (await consentCommands(page)).length).toBe(2)
    expect((await consentCommands(page)).at(-1)![2]).toMatchObject({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    })
    await banner(page).getByRole('button', { name: 'Manage choices' }).click()
    const ads = dialog(page).getByRole('checkbox', { name: /Advertising/ })
    await expect(ads).not.toBeChecked()
    await expect(ads).toBeDisabled()
    await expect(dialog(page)).toContainText('Global Privacy Control')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ...ALL_DENIED, analytics_storage: 'granted' },
    ])
  })
})
