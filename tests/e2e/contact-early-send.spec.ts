import { expect, type Page, type Route, test } from '@playwright/test'
import { MESSAGES } from '../../src/forms/validation'
import {
  CAPTCHA_SOLVE_TIMEOUT_MS,
  errorOf,
  form,
  longMessage,
  messageArea,
  messageBox,
  prepareContactSuite,
  repetition,
  submissionsMentioning,
  SUCCESS_TEXT,
} from './support/contactForm'

prepareContactSuite()

test.describe('a send that arrives before the form behaviour has loaded', () => {
  /** From now on, holds every script the page asks for (the form behaviour's among them) until released. */
  async function holdLateScripts(page: Page) {
    const held: Route[] = []
    let released = false
    await page.route('**/_next/static/chunks/**', (route) => {
      if (released) return route.continue()
      held.push(route)
    })
    return {
      count: () => held.length,
      release: async () => {
        released = true
        for (const route of held.splice(0)) await route.continue()
      },
    }
  }

  /**
   * Waits for the page's scripts to have run, so that a send is held for the form's behaviour (the
   * network falls quiet before a busy machine has run them; a send before that is the browser's).
   */
  const sendsHeld = (page: Page) => expect(form(page)).toHaveAttribute('data-sends-held', 'true')

  type Bubbles = { fired: number; checked: number; left: string[] }

  /** Notes each field the browser was left to report with its own bubble (an `invalid` event nobody took). */
  async function watchBrowserBubbles(page: Page) {
    await page.evaluate(() => {
      const seen: Bubbles = { fired: 0, checked: 0, left: [] }
      ;(window as never as { bubbles: Bubbles }).bubbles = seen
      window.addEventListener(
        'invalid',
        (event) => {
          seen.fired++
          // Read once every listener has run.
          setTimeout(() => {
            if (!event.defaultPrevented) seen.left.push((event.target as Element).getAttribute('name') ?? '')
            seen.checked++
          })
        },
        true,
      )
    })
    return async () => {
      const read = () => page.evaluate(() => (window as never as { bubbles: Bubbles }).bubbles)
      await expect.poll(async () => (await read()).fired).toBeGreaterThan(0)
      await expect
        .poll(async () => {
          const seen = await read()
          return seen.checked === seen.fired
        })
        .toBe(true)
      return (await read()).left
    }
  }

  test("an empty form sent at once gets the site's messages under its fields, never the browser's bubbles", async ({
    page,
  }) => {
    await page.goto('/contact', { waitUntil: 'networkidle' })
    await sendsHeld(page)
    const scripts = await holdLateScripts(page)
    const bubblesLeftToBrowser = await watchBrowserBubbles(page)
    await page.getByLabel('Your name').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await expect(form(page)).not.toHaveAttribute('data-enhanced', /.*/)
    expect(await bubblesLeftToBrowser()).toEqual([])

    await scripts.release()
    await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
    for (const name of ['name', 'email', 'county', 'service', 'contactPreference', 'message', 'consent']) {
      await expect(errorOf(page, name)).toHaveText(MESSAGES.required)
    }
    await expect(page.getByLabel('Your name')).toBeFocused()
    expect(await bubblesLeftToBrowser()).toEqual([])
  })

  test('a complete form sent before its behaviour has loaded is sent once, through the contact client', async ({
    page,
    request,
  }) => {
    const tag = `early-run-${repetition()}-${Date.now().toString(36)}`
    const contactPosts: string[] = []
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/contact')
        contactPosts.push(sent.postData() ?? '')
    })
    await page.goto('/contact', { waitUntil: 'networkidle' })
    await sendsHeld(page)
    const scripts = await holdLateScripts(page)
    // With the browser's own controls: the dropdowns are not enhanced yet.
    await page.getByLabel('Your name').fill('Early Bird')
    await page.getByLabel('Email address').fill('early@example.com')
    await form(page).locator('select[name="county"]').selectOption('franklin')
    await form(page).locator('select[name="service"]').selectOption('lien-search')
    await page.getByRole('radio', { name: 'Phone' }).check()
    await messageBox(page).fill(longMessage(tag))
    await page.getByRole('checkbox', { name: /I agree/ }).check()
    await page.getByLabel('Your name').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await expect(form(page)).not.toHaveAttribute('data-enhanced', /.*/)
    expect(contactPosts).toEqual([])
    await expect(page).toHaveURL(/\/contact$/)

    await scripts.release()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success', { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
    await expect(messageArea(page)).toHaveText(SUCCESS_TEXT)
    expect(contactPosts).toHaveLength(1)
    expect(JSON.parse(contactPosts[0])).toMatchObject({ formId: '115', captcha: expect.any(String) })
    expect(await submissionsMentioning(request, tag)).toHaveLength(1)
  })
})
