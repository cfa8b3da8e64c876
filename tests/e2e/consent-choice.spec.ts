import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { consentCommands } from './support/analytics'
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

/**
 * Marks this document (`__beforeWithdrawal`, to tell when another has replaced it), then turns every
 * consent off in the dialog that `opener` opens, and saves.
 */
async function withdrawEverything(page: Page, opener: Locator) {
  await page.evaluate(() => Object.assign(window, { __beforeWithdrawal: true }))
  await opener.click()
  await dialog(page)
    .getByRole('checkbox', { name: /Analytics/ })
    .uncheck()
  await dialog(page)
    .getByRole('checkbox', { name: /Advertising/ })
    .uncheck()
  await dialog(page).getByRole('button', { name: 'Save choices' }).click()
}

test.describe('the visitor’s choice', () => {
  test('"Accept all" grants every type, loads GA4, GTM and session recording, and is kept for a year', async ({
    page,
  }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    const before = Date.now()
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect(banner(page)).toBeHidden()
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY))!)
    expect(stored.expires - before).toBeGreaterThanOrEqual(CONSENT_MAX_AGE_MS - 60_000)
    expect(stored.expires - before).toBeLessThanOrEqual(CONSENT_MAX_AGE_MS + 60_000)
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', ALL_GRANTED])
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtag/js', '/gtm.js', '/tag/clar1']))
    await expect
      .poll(() =>
        standIn()
          .hits()
          .map((hit) => hit.url.searchParams.get('en')),
      )
      .toContain('page_view')
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
    expect(standIn().requests).toEqual([])
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
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtag/js', '/tag/clar1']))
  })

  test('withdrawing consent stops the tags that ran: the page loads again without them, and nothing more reaches them', async ({
    page,
  }) => {
    await fromRegion(page, 'FR')
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtag/js', '/gtm.js', '/tag/clar1']))
    await expect.poll(() => standIn().hits().length).toBeGreaterThan(0)
    await withdrawEverything(page, page.getByRole('button', { name: 'Privacy choices' }))
    await expect.poll(() => page.evaluate(() => '__beforeWithdrawal' in window)).toBe(false)
    await idleAndQuiet(page)
    standIn().clear()
    // A same-document navigation, as the App Router makes them: no page view for any tag now.
    await page.evaluate(() => history.pushState(null, '', '/pricing'))
    await expect(page).toHaveURL(/\/pricing$/)
    await idleAndQuiet(page)
    expect(standIn().requests).toEqual([])
    expect((await consentCommands(page)).at(-1)![2]).toEqual(ALL_DENIED)
    await expect(
      page.locator('script[src*="/gtag/js"], script[src*="/gtm.js"], script[src*="/tag/clar1"]'),
    ).toHaveCount(0)
  })

  test('withdrawing consent where the browser refuses to store it: the page loads again without the tags, recording included, and the choice holds in this tab', async ({
    page,
  }) => {
    // Storage that refuses the choice, as some private modes refuse any write: without the tab's
    // own copy of the choice, the page would start from the region's default again, which grants here.
    await page.addInitScript((key) => {
      const setItem = Storage.prototype.setItem
      Storage.prototype.setItem = function (name: string, value: string) {
        if (name === key) throw new DOMException('refused', 'QuotaExceededError')
        setItem.call(this, name, value)
      }
    }, CONSENT_STORAGE_KEY)
    await fromRegion(page, 'US-OH')
    await page.goto('/')
    const recording = ['/tag/clar1', '/c/hotjar-1234567.js']
    await expect.poll(() => standIn().paths()).toEqual(expect.arrayContaining(['/gtag/js', ...recording]))
    await expect.poll(() => standIn().hits().length).toBeGreaterThan(0)
    await withdrawEverything(page, banner(page).getByRole('button', { name: 'Manage choices' }))
    // Neither recording service can be stopped from the page (Hotjar has no call for it): the page
    // is loaded again, and starts from the choice the tab kept.
    await expect.poll(() => page.evaluate(() => '__beforeWithdrawal' in window)).toBe(false)
    await idleAndQuiet(page)
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBeNull()
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)![2]).toEqual(ALL_DENIED)
    await expect(
      page.locator('script[src*="/tag/clar1"], script[src*="hotjar-"], script[src*="/gtag/js"]'),
    ).toHaveCount(0)
    standIn().clear()
    // The next page of the visit, loaded in full: still no banner and no tag.
    await page.goto('/pricing')
    await idleAndQuiet(page)
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)![2]).toEqual(ALL_DENIED)
    expect(standIn().requests).toEqual([])
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
})

test.describe('banner and dialog by keyboard', () => {
  test.beforeEach(async ({ page }) => fromRegion(page, 'DE'))

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

  test('the banner comes right after the skip link, and once "Reject all" is pressed Tab goes on from the top of the page', async ({
    page,
  }) => {
    await page.goto('/')
    const reject = banner(page).getByRole('button', { name: 'Reject all' })
    await expect(reject).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(reject).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(banner(page)).toBeHidden()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('top')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  })

  test('while the banner is open, nothing the keyboard reaches is hidden under it', async ({ page }) => {
    await page.goto('/')
    await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeVisible()
    const hidden: string[] = []
    let stops = 0
    // Every stop of the page, once: Tab until focus comes back to where it started.
    for (; stops < 200; stops++) {
      await page.keyboard.press('Tab')
      const stop = await page.evaluate(() => {
        const element = document.activeElement
        const banner = document.querySelector('[data-testid="consent-banner"]')
        if (!element || element === document.body) return { done: true, under: null }
        if (banner?.contains(element)) return { done: false, under: null }
        const box = element.getBoundingClientRect()
        const cover = banner!.getBoundingClientRect()
        const under = box.bottom > cover.top && box.top < cover.bottom && box.height > 0
        const label = `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`
        return { done: false, under: under ? label : null }
      })
      if (stop.under) hidden.push(stop.under)
      if (stop.done) break
    }
    expect(stops, 'the page has more stops than the walk allows').toBeLessThan(200)
    expect(stops).toBeGreaterThan(20)
    expect(hidden).toEqual([])
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

  test('the banner shows "Reject all" exactly as prominent as "Accept all", and it and the open dialog have no serious or critical axe violation', async ({
    page,
  }) => {
    await page.goto('/')
    // Measured once the buttons work (before the page's scripts run, the banner shows its text alone).
    await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeVisible()
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
