import { expect, test } from '@playwright/test'
import { E2E_URL, FIRST_VISIT } from '../../playwright.config'
import { COLLECT_PATH } from '../../src/analytics/collector/limits'
import { MEDIA_FILE_PREFIX } from '../../src/server/mediaFiles'
import { chromeAttached } from './support/chrome'
import { refuseLaterScripts, scriptsNamedIn } from './support/scripts'

/**
 * The script files a page of the site starts with: Next's runtime, React DOM, Next's client and its
 * built-in parts, the root error page, and the site layout's file, which carries the pages' client
 * parts and the site's error page (src/app/(site)/_parts/clientParts.ts). Each is a request every
 * first visit makes of the front.
 */
const START_FILES = 6
/** Long enough for Chromium to ask for an icon file again after a change of hash (seen at ~0.4 s). */
const ICON_SECOND_LOOK_MS = 2000

test.describe('a first visit', () => {
  // Which paths carry a client hint (the admin's alone) is tested in src/content/admin/clientHints.test.ts.
  test('fetches the home page document once, with no client hint that would make Chromium ask again', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: FIRST_VISIT })
    const page = await context.newPage()
    const home = `${E2E_URL}/`
    let documentRequests = 0
    page.on('request', (request) => {
      if (request.url() === home) documentRequests++
    })
    const response = await page.goto('/', { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    const headers = await response!.allHeaders()
    expect(headers['critical-ch']).toBeUndefined()
    expect(headers['accept-ch']).toBeUndefined()
    expect(headers.vary ?? '').not.toMatch(/sec-ch-/i)
    expect(documentRequests).toBe(1)
    await context.close()
  })

  test('never asks for the site icon: it is in the document, also when reading changes the address', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: FIRST_VISIT })
    const page = await context.newPage()
    const iconRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() !== 'document' && /icon/i.test(new URL(request.url()).pathname))
        iconRequests.push(request.url())
    })
    await page.goto('/', { waitUntil: 'load' })
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
      'href',
      /^data:image\/svg\+xml,/,
    )
    // Chromium looks for the icon again after a change of address within the page: the scroll spy's hash.
    await chromeAttached(page)
    await page
      .locator('#reviews')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100))
    await expect(page).toHaveURL(/#reviews$/)
    // Playwright's network idle leaves icon requests out, so Chromium's second look (about half a
    // second after the change of address, when the icon was a file) is given a fixed while.
    await page.waitForTimeout(ICON_SECOND_LOOK_MS)
    expect(iconRequests).toEqual([])
    await context.close()
  })

  test("the page's own behaviours (counters, carousel, the collector) come in the files its document names", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: FIRST_VISIT })
    const page = await context.newPage()
    // Every other script file (the chat's, loaded after idle) is refused: nothing below may need one.
    const { named, refused } = await refuseLaterScripts(page, '/')
    expect(named.size).toBeGreaterThan(0)
    const collected = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(COLLECT_PATH),
    )
    await page.goto('/', { waitUntil: 'load' })
    // Below the fold a counter waits at 0 once its behaviour is attached; the server wrote its value.
    await expect(page.locator('[data-progress] .progress-value').first()).toHaveText('0%', { useInnerText: true })
    const carousel = page.locator('.carousel').first()
    await carousel.scrollIntoViewIfNeeded()
    await carousel.locator('.carousel-picker button').nth(1).click()
    await expect(carousel.locator('.carousel-slide').nth(1)).toHaveClass(/is-current/)
    await expect(carousel.locator('.carousel-slide').nth(0)).toHaveAttribute('aria-hidden', 'true')
    // The first-party collector sends the page view (it needs no consent).
    await collected
    // The chat's file was asked for and refused, so the page really ran on its own files alone.
    await expect.poll(() => refused.length).toBeGreaterThan(0)
    await context.close()
  })

  test('a content page starts with the files of any page of the site and no more: none of its own, for its parts or its error page', async ({
    request,
  }) => {
    // What a document starts with: every script file it names but the polyfills old browsers take (`noModule`).
    const startFiles = async (path: string) => {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      const oldBrowsersOnly = (html.match(/<script [^>]*noModule[^>]*>/gi) ?? []).join()
      return [...scriptsNamedIn(html)].filter((file) => !oldBrowsersOnly.includes(file)).sort()
    }
    // The search page is a page of the site with no client part of its own.
    const anyPage = await startFiles('/search')
    for (const path of ['/', '/faq', '/contact', '/services/lien-search'])
      expect(await startFiles(path)).toEqual(anyPage)
    expect(anyPage).toHaveLength(START_FILES)
  })

  test("a part that fails as the page starts shows the site's error notice inside its header and footer, and Try again brings the page back", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: FIRST_VISIT })
    // The carousel's first look for its slides throws, once: a fault of the page's own code.
    await context.addInitScript(() => {
      const find = Element.prototype.querySelectorAll
      let failed = false
      Element.prototype.querySelectorAll = function (this: Element, selectors: string) {
        if (!failed && selectors === '.carousel-slide') {
          failed = true
          throw new Error('the carousel failed as it started')
        }
        return find.call(this, selectors)
      } as typeof find
    })
    const page = await context.newPage()
    // The error page works with the files the document names alone.
    await refuseLaterScripts(page, '/')
    await page.goto('/')
    const notice = page.getByRole('heading', { name: 'Something went wrong on our side' })
    await expect(notice).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.locator('h1').first()).toHaveText(/Ohio title searches/)
    await expect(notice).toHaveCount(0)
    await context.close()
  })
})

// That an uploaded image is addressed by its version, and such an address kept for a year, is tested
// below the browser (tests/integration/media-caching.test.ts); here, what the browser's cache does with it.
test.describe('uploaded images', () => {
  test('a repeat visit downloads no image again: each comes from the cache or answers 304', async ({
    page,
    context,
  }) => {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const media = new Map<string, string>()
    const fromCache = new Set<string>()
    const downloaded: string[] = []
    let recording = false
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (new URL(request.url).pathname.startsWith(MEDIA_FILE_PREFIX)) media.set(requestId, request.url)
    })
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId))
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (!recording || !media.has(requestId) || fromCache.has(requestId)) return
      if (response.fromDiskCache || response.fromPrefetchCache || response.status === 304) return
      downloaded.push(`${response.status} ${response.url}`)
    })
    await page.goto('/services/full-title-search')
    // Every lazy image in view once, so the first visit has fetched them all.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    const firstVisit = media.size
    expect(firstVisit).toBeGreaterThan(0)
    recording = true
    await page.reload()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    expect(media.size).toBeGreaterThan(firstVisit)
    expect(downloaded).toEqual([])
  })
})

/** The stylesheet addresses a document links, and those whose CSS it carries itself. */
const linkedStylesheets = (html: string) =>
  [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((tag) => /href="([^"]+)"/.exec(tag[0])?.[1])
const carriedStylesheets = (html: string) => [...html.matchAll(/<style[^>]+data-href="([^"]+)"/g)].map((m) => m[1])

/** The router data a document carries inline for React (the strings it pushes to `self.__next_f`), joined. */
const routerData = (html: string) =>
  [...html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]) as [number, string?])
    .map(([, text]) => text ?? '')
    .join('')

test.describe('the first paint', () => {
  for (const address of ['/', '/contact']) {
    test(`${address} carries its CSS in the document and links no stylesheet that would block the paint`, async ({
      request,
    }) => {
      const html = await (await request.get(address)).text()
      expect(linkedStylesheets(html)).toEqual([])
      expect(carriedStylesheets(html).length).toBeGreaterThan(0)
    })
  }

  test('the page and the chat are styled from the document alone: a visit asks for no stylesheet', async ({ page }) => {
    const stylesheetRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(new URL(request.url()).pathname)
    })
    await page.goto('/', { waitUntil: 'networkidle' })
    // A header is positioned (not static) only by the site's CSS.
    await expect(page.locator('.site-header')).toHaveCSS('position', 'relative')
    // The chat comes after idle with a form of its own (the offline message), whose sheets the page has.
    await expect(page.locator('.chat-launcher')).toBeVisible()
    const carried = await page.evaluate(() =>
      // One <style> may carry several sheets: its data-href lists their addresses, space-separated.
      [...document.querySelectorAll('style[data-href]')].flatMap((style) =>
        style
          .getAttribute('data-href')!
          .split(/\s+/)
          .filter(Boolean)
          .map((href) => new URL(href, location.href).pathname),
      ),
    )
    expect(carried.length).toBeGreaterThan(0)
    for (const pathname of carried) expect(stylesheetRequests).not.toContain(pathname)
    // The chat's own sheet is the layout's too (its window is styled without a request of its own).
    await page.locator('.chat-launcher').click()
    await expect(page.locator('.chat-window')).toHaveCSS('display', 'flex')
    expect(stylesheetRequests).toEqual([])
  })

  test("carries the page's CSS once: the router data names each sheet without its text, and the page starts and navigates styled by it", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text()
    const style = /<style[^>]+data-href="([^"]+)"[^>]*>([^<]+)<\/style>/.exec(html)
    expect(style).not.toBeNull()
    const data = routerData(html)
    for (const href of style![1].split(/\s+/)) expect(data, href).toContain(`"href":"${href}","children":"$`)
    // A long stretch of the carried CSS (any sheet's text is longer) is not in the router data.
    const stretch = style![2].slice(0, 200)
    expect(stretch.length).toBe(200)
    expect(html.split(stretch).length - 1).toBe(1)
    expect(data).not.toContain(stretch)

    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/', { waitUntil: 'load' })
    await chromeAttached(page)
    // React took the document's <style> for each sheet and made no second one.
    await expect(page.locator('style[data-href]')).toHaveCount(1)
    await page.locator('.main-nav a.menu-link[href="/pricing"]').click()
    await expect(page).toHaveURL(/\/pricing$/)
    await page.goBack()
    await expect(page).toHaveURL(`${E2E_URL}/`)
    await expect(page.locator('.site-header')).toHaveCSS('position', 'relative')
    await expect(page.locator('style[data-href]')).toHaveCount(1)
    expect(errors).toEqual([])
  })

  for (const address of ['/', '/pricing']) {
    test(`${address} carries the site's header, menu and footer once in its router data, not again for the not-found page`, async ({
      request,
    }) => {
      const data = routerData(await (await request.get(address)).text())
      expect(data.length).toBeGreaterThan(0)
      for (const part of ['"className":"site-header"', '"id":"mobile-menu"', '"className":"site-footer"']) {
        expect(data.split(part).length - 1, part).toBe(1)
      }
      // Next still keeps the not-found page ready in the data, now without a chrome of its own.
      expect(data).toContain('We couldn’t find that page')
    })
  }

  test('the admin links its stylesheets instead of carrying them in every document', async ({ request }) => {
    const response = await request.get('/admin/login')
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(linkedStylesheets(html).length).toBeGreaterThan(0)
    expect(carriedStylesheets(html)).toEqual([])
  })
})
