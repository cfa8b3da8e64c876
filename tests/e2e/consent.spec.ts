import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_STORAGE_KEY,
  CONSENT_WAIT_FOR_UPDATE_MS,
  REGION_COOKIE,
} from '../../src/analytics/consent/model'
import { GOOGLE_TAG_SETTINGS } from '../../src/analytics/consent/bootstrap'
import { FIRST_VISIT } from '../../playwright.config'
import { configureTags, consentCommands, dataLayerOf, settle } from './support/analytics'
import { startTagStandIn, type TagStandIn } from './support/tagStandIn'

const ALL_DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
}
const ALL_GRANTED = {
  ad_storage: 'granted',
  analytics_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
}
const TAG_IDS = { gtmId: 'GTM-TEST1', ga4Id: 'G-TEST1', clarityId: 'clar1' }

let standIn: TagStandIn

test.describe.configure({ mode: 'serial' })
// A first visit: no privacy choice stored yet.
test.use({ storageState: FIRST_VISIT })

test.beforeAll(async ({ request }) => {
  standIn = await startTagStandIn()
  await configureTags(request, TAG_IDS, standIn.origin)
})
test.afterAll(async ({ request }) => {
  await configureTags(request, {}, null)
  await standIn.close()
})
test.beforeEach(() => {
  standIn.clear()
})

const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Privacy choices' })
const fromRegion = (page: Page, region: string) => page.setExtraHTTPHeaders({ 'x-visitor-region': region })

/** Waits long enough for tags to have loaded if they were going to. */
async function idleAndQuiet(page: Page) {
  await settle(page)
  await page.waitForLoadState('networkidle')
}

test.describe('consent defaults', () => {
  test('in a regulated region, nothing but the first-party collector runs before the visitor chooses', async ({
    page,
  }) => {
    await fromRegion(page, 'DE')
    const outgoing: string[] = []
    page.on('request', (request) => outgoing.push(request.url()))
    await page.goto('/')
    await idleAndQuiet(page)
    await expect(banner(page)).toBeVisible()
    const [first] = await consentCommands(page)
    expect(first).toEqual(['consent', 'default', { ...ALL_DENIED, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    expect(standIn.requests).toEqual([])
    expect(outgoing.filter((url) => !url.startsWith(page.url().split('/').slice(0, 3).join('/')))).toEqual([])
  })

  test('writes the consent default before anything else, with signals and ad data settings', async ({ page }) => {
    await fromRegion(page, 'US-CA')
    await page.goto('/')
    const layer = await dataLayerOf(page)
    expect(layer[0]).toEqual(['consent', 'default', { ...ALL_DENIED, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    expect(layer[1]).toEqual(['set', GOOGLE_TAG_SETTINGS])
  })

  test('treats a visitor whose region is unknown as in a regulated region', async ({ page }) => {
    await page.goto('/')
    expect((await consentCommands(page))[0][2]).toMatchObject(ALL_DENIED)
  })

  test('grants by default outside the listed regions and loads the configured tags once idle', async ({ page }) => {
    await fromRegion(page, 'US-OH')
    await page.goto('/')
    // The page is the same for everyone: on a visit's first page the default starts denied, and
    // the region's default follows as soon as the server names the region.
    expect((await consentCommands(page))[0][2]).toMatchObject(ALL_DENIED)
    await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual(['consent', 'update', ALL_GRANTED])
    await idleAndQuiet(page)
    await expect.poll(() => standIn.paths()).toEqual(expect.arrayContaining(['/gtag/js', '/gtm.js', '/tag/clar1']))
  })

  test('remembers the region for the next page, whose default is then the region’s own', async ({ page, context }) => {
    await fromRegion(page, 'US-OH')
    await page.goto('/')
    await expect.poll(async () => (await consentCommands(page)).length).toBe(2)
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
    expect(standIn.requests).toEqual([])
    expect((await consentCommands(page)).map((command) => command[1])).toEqual(['default'])
    release()
    await expect.poll(() => standIn.paths()).toEqual(expect.arrayContaining(['/gtm.js']))
  })

  test('sends the CSP allowing the configured tag origin and no other tag host', async ({ page }) => {
    const response = await page.goto('/')
    const csp = response!.headers()['content-security-policy']
    expect(csp).toContain(`connect-src 'self' ${standIn.origin}`)
    expect(csp).not.toContain('googletagmanager')
    expect(csp).not.toContain('clarity.ms')
  })
})

test.describe('the visitor’s choice', () => {
  test('"Accept all" grants every type and loads GA4, GTM and session recording', async ({ page }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', ALL_GRANTED])
    await expect.poll(() => standIn.paths()).toEqual(expect.arrayContaining(['/gtag/js', '/gtm.js', '/tag/clar1']))
    await expect.poll(() => standIn.hits().map((hit) => hit.url.searchParams.get('en'))).toContain('page_view')
  })

  test('"Reject all" denies every type, loads no tag, and is remembered on the next page', async ({ page }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Reject all' }).click()
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', ALL_DENIED])
    await page.goto('/pricing')
    await idleAndQuiet(page)
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).map((command) => command[1])).toEqual(['default', 'update'])
    expect((await consentCommands(page)).at(-1)![2]).toEqual(ALL_DENIED)
    expect(standIn.requests).toEqual([])
  })

  test('choosing analytics only loads GA4, GTM and recording with ad types still denied', async ({ page }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Manage choices' }).click()
    await dialog(page)
      .getByRole('checkbox', { name: /Analytics/ })
      .check()
    await dialog(page).getByRole('button', { name: 'Save choices' }).click()
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ...ALL_DENIED, analytics_storage: 'granted' },
    ])
    await expect.poll(() => standIn.paths()).toEqual(expect.arrayContaining(['/gtag/js', '/tag/clar1']))
  })

  test('asks again once the stored choice is older than a year', async ({ page }) => {
    await fromRegion(page, 'FR')
    // Stored a year and a moment ago: its expiry has just passed.
    await page.addInitScript(
      ([key, age]) => {
        const storedAt = Date.now() - age - 1
        localStorage.setItem(key, JSON.stringify({ v: 1, analytics: true, ads: true, expires: storedAt + age }))
      },
      [CONSENT_STORAGE_KEY, CONSENT_MAX_AGE_MS] as const,
    )
    await page.goto('/')
    await expect(banner(page)).toBeVisible()
  })

  test('keeps a choice for a year', async ({ page }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    const before = Date.now()
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY))!)
    expect(stored.expires - before).toBeGreaterThanOrEqual(CONSENT_MAX_AGE_MS - 60_000)
    expect(stored.expires - before).toBeLessThanOrEqual(CONSENT_MAX_AGE_MS + 60_000)
  })
})

test.describe('Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1', 'x-visitor-region': 'US-OH' } })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    )
  })

  test('denies the ad types by default and keeps them denied even on "Accept all"', async ({ page }) => {
    await page.goto('/')
    await expect.poll(async () => (await consentCommands(page)).length).toBe(2)
    expect((await consentCommands(page)).at(-1)![2]).toMatchObject({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    })
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ...ALL_DENIED, analytics_storage: 'granted' },
    ])
  })

  test('shows advertising switched off in the dialog, and why', async ({ page }) => {
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Manage choices' }).click()
    const ads = dialog(page).getByRole('checkbox', { name: /Advertising/ })
    await expect(ads).not.toBeChecked()
    await expect(ads).toBeDisabled()
    await expect(dialog(page)).toContainText('Global Privacy Control')
  })
})

test.describe('banner and dialog by keyboard', () => {
  test.beforeEach(async ({ page }) => fromRegion(page, 'DE'))

  test('"Reject all" is exactly as prominent as "Accept all"', async ({ page }) => {
    await page.goto('/')
    const style = (name: string) =>
      banner(page)
        .getByRole('button', { name })
        .evaluate((el) => {
          const s = getComputedStyle(el)
          const box = el.getBoundingClientRect()
          return [
            s.backgroundColor,
            s.color,
            s.fontSize,
            s.fontWeight,
            s.borderColor,
            s.padding,
            Math.round(box.height),
          ]
        })
    expect(await style('Reject all')).toEqual(await style('Accept all'))
  })

  test('opens the dialog from the keyboard, moves focus in, traps it, and returns it on Escape', async ({ page }) => {
    await page.goto('/')
    const manage = banner(page).getByRole('button', { name: 'Manage choices' })
    await manage.focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('checkbox', { name: /Analytics/ })).toBeFocused()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await expect(manage).toBeFocused()
  })

  test('saves a choice with the keyboard alone, and reopens from "Privacy choices" in the footer', async ({ page }) => {
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Reject all' }).focus()
    await page.keyboard.press('Enter')
    await expect(banner(page)).toBeHidden()
    const footerLink = page.getByRole('button', { name: 'Privacy choices' })
    await footerLink.focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('checkbox', { name: /Analytics/ })).not.toBeChecked()
    await page.keyboard.press('Space')
    await dialog(page).getByRole('button', { name: 'Save choices' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeHidden()
    await expect(footerLink).toBeFocused()
    expect((await consentCommands(page)).at(-1)![2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
    })
  })

  test('the banner and the open dialog have no serious or critical axe violation', async ({ page }) => {
    await page.goto('/')
    await expect(banner(page)).toBeVisible()
    const serious = async () =>
      (
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
      ).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id)
    expect(await serious()).toEqual([])
    await banner(page).getByRole('button', { name: 'Manage choices' }).click()
    await expect(dialog(page)).toBeVisible()
    expect(await serious()).toEqual([])
  })
})
