import path from 'node:path'
import { expect, test } from '@playwright/test'
import { COMPILE_HINT, rootMainFiles } from '../../scripts/lib/compileHints.mjs'
import { FIRST_VISIT } from '../../playwright.config'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { START_IN_TWO_TASKS_ID } from '../../src/dom/startup'
import { NEXT_CHUNKS_PATH } from '../../src/server/chunksAfterFirstPaint'

/** A phone-sized window, as Lighthouse's mobile run uses. */
const PHONE = { width: 412, height: 823 }
/** The most faces a page's visible text comes in: the guide page's, seven for headings and five for text. */
const MAX_FACES_PER_PAGE = 12

test.describe('the first paint', () => {
  test.use({ viewport: PHONE })

  test("comes before any of Next's chunks is requested; the app starts after the task that runs its entry, from the empty before-interactive script, and from framework files that carry V8's compile hint; and the page hydrates with no script error or CSP refusal", async ({
    page,
    request,
  }) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    const started: string[] = []
    page.on('request', (asked) => {
      const address = new URL(asked.url()).pathname
      if (address.startsWith(NEXT_CHUNKS_PATH) && address.endsWith('.js')) started.push(address)
    })
    // When the app starts, the entry's task is over: Next has added the empty script, and only then hydrates.
    await page.addInitScript((id) => {
      const seen = { scriptBeforeHydration: null as boolean | null }
      Object.assign(window, { __startup: seen })
      new MutationObserver((_, observer) => {
        const carousel = document.querySelector('[aria-roledescription="carousel"].is-enhanced')
        if (!carousel) return
        seen.scriptBeforeHydration = document.getElementById(id) !== null
        observer.disconnect()
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] })
    }, START_IN_TWO_TASKS_ID)
    await page.goto('/', { waitUntil: 'load' })
    // The testimonials carousel works only once React has hydrated it.
    const carousel = page.locator('[aria-roledescription="carousel"]')
    await expect(carousel).toHaveClass(/is-enhanced/)
    await carousel.getByRole('button', { name: 'Next slide' }).click()
    await expect(carousel.locator('[aria-roledescription="slide"]:not([aria-hidden])')).toHaveAttribute(
      'aria-label',
      /^2 of \d+$/,
    )

    // The first paint came before any chunk was asked for.
    const { firstContentfulPaint, chunkStarts } = await page.evaluate((chunksPath) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      const chunks = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith(chunksPath))
      return { firstContentfulPaint: paint?.startTime, chunkStarts: chunks.map((entry) => entry.startTime) }
    }, NEXT_CHUNKS_PATH)
    expect(firstContentfulPaint).toBeGreaterThan(0)
    expect(chunkStarts.length).toBeGreaterThan(0)
    expect(Math.min(...chunkStarts)).toBeGreaterThanOrEqual(firstContentfulPaint!)

    // The app started from the empty before-interactive script, after the entry's task.
    const script = page.locator(`head script#${START_IN_TWO_TASKS_ID}`)
    await expect(script).toHaveCount(1)
    expect(await script.evaluate((element) => element.textContent)).toBe('')
    expect(await page.evaluate(() => (window as unknown as { __startup: object }).__startup)).toEqual({
      scriptBeforeHydration: true,
    })

    // It started from the framework files the server's build names (scripts/lib/compileHints.mjs
    // reads the same list), each with V8's compile hint on its first line.
    const rootFiles = rootMainFiles(path.resolve('.next')).map((file) => `/_next/${file}`)
    expect(rootFiles.length).toBeGreaterThan(0)
    expect(started).toEqual(expect.arrayContaining(rootFiles))
    for (const file of rootFiles) {
      const served = await request.get(file)
      expect(served.status()).toBe(200)
      expect((await served.text()).split('\n', 1)[0]).toBe(COMPILE_HINT)
    }

    expect(problems).toEqual([])
  })

  test('sets each page in few faces, all from the theme’s two families: controls included', async ({
    page,
    request,
  }) => {
    // Each face (family, size, weight) is a font the first layout prepares, and each family the
    // system lacks a lookup: on Linux each is a round trip to the browser process (global.css).
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
    expect(paths.length).toBeGreaterThan(5)
    for (const pagePath of paths) {
      await page.goto(pagePath, { waitUntil: 'load' })
      const faces = await page.evaluate(() => {
        const seen = new Set<string>()
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!
          if (!node.textContent!.trim() || !element.getClientRects().length) continue
          const style = getComputedStyle(element)
          seen.add(`${style.fontFamily.split(',')[0]} ${style.fontSize} ${style.fontWeight}`)
        }
        return [...seen].sort()
      })
      expect(faces.length, `${pagePath}: ${faces.join('; ')}`).toBeLessThanOrEqual(MAX_FACES_PER_PAGE)
      expect(
        faces.filter((face) => !/^(system-ui|Georgia) /.test(face)),
        `${pagePath}: faces outside the theme's families`,
      ).toEqual([])
    }
  })
})

test.describe('the consent banner in the first paint', () => {
  // A visitor with no stored choice, unlike the run's default returning visitor.
  test.use({ viewport: PHONE, storageState: FIRST_VISIT })

  test('shows the consent banner before any chunk runs to a visitor who has not chosen, its buttons once they work', async ({
    page,
  }) => {
    // Without Next's chunks the page never hydrates: what shows is what the first paint shows.
    await page.route(`**${NEXT_CHUNKS_PATH}**`, (route) => route.abort())
    await page.goto('/contact', { waitUntil: 'load' })
    const banner = page.getByTestId('consent-banner')
    await expect(banner).toBeVisible()
    await expect(banner.locator('.consent-text')).not.toBeEmpty()
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeHidden()
    await page.unroute(`**${NEXT_CHUNKS_PATH}**`)
    await page.reload({ waitUntil: 'load' })
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible()
  })

  test('keeps the banner out of the first paint for a visitor who has chosen', async ({ page }) => {
    await page.addInitScript(
      ([key, age]) =>
        localStorage.setItem(key, JSON.stringify({ v: 1, analytics: false, ads: false, expires: Date.now() + age })),
      [CONSENT_STORAGE_KEY, CONSENT_MAX_AGE_MS] as const,
    )
    await page.route(`**${NEXT_CHUNKS_PATH}**`, (route) => route.abort())
    await page.goto('/contact', { waitUntil: 'load' })
    await expect(page.locator('main')).toBeVisible()
    await expect(page.getByTestId('consent-banner')).toBeHidden()
  })
})
