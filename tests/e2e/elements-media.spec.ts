import { expect, type Page, test } from '@playwright/test'
import { GALLERY_DEFAULT_NAME } from '../../src/blocks/Gallery/Component'
import { VIMEO_EMBED_ORIGIN, YOUTUBE_EMBED_ORIGIN } from '../../src/blocks/Video/videoSource'
import { ELEMENTS_GUIDE_PATH, SEED_VIDEO_TITLE } from '../../src/setup/seed/content/pages/guide'
import { chromeAttached } from './support/chrome'
import { expectNoSeriousAxeViolation, WIDTHS } from './support/elements'

// The rules behind these (the lightbox's keys, the video addresses, the CSP, the markup) are unit and
// integration tests; here, what only a browser shows: focus, the dialog, and the player's requests.

test.use({ viewport: WIDTHS[0] })

const gallery = (page: Page) => page.locator('[data-gallery]')
const thumbnails = (page: Page) => gallery(page).locator('.gallery-link')
const lightbox = (page: Page) => page.getByRole('dialog')
const lightboxImage = (page: Page) => lightbox(page).locator('.lightbox-image')

/** The gallery's name in the dialog's title ("What the records look like: image 2 of 4"). */
async function expectShowing(page: Page, index: number, count: number) {
  await expect(lightbox(page)).toHaveAccessibleName(new RegExp(`: image ${index + 1} of ${count}$`))
  await expect(lightboxImage(page)).toHaveAttribute('src', (await thumbnails(page).nth(index).getAttribute('href'))!)
}

const focusIsInLightbox = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))

test('the gallery’s lightbox: opened from the keyboard, focus kept inside, arrows and buttons move, Escape and Close give focus back to the thumbnail', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(ELEMENTS_GUIDE_PATH)
  await chromeAttached(page)
  const count = await thumbnails(page).count()
  expect(count).toBeGreaterThanOrEqual(2)
  expect(await gallery(page).getAttribute('data-gallery')).not.toBe(GALLERY_DEFAULT_NAME)

  // Enter on the second thumbnail: a labelled modal dialog, focus on its Close button.
  await thumbnails(page).nth(1).focus()
  await page.keyboard.press('Enter')
  await expect(lightbox(page)).toBeVisible()
  await expect(lightbox(page)).toHaveAttribute('aria-modal', 'true')
  await expectShowing(page, 1, count)
  await expect(lightbox(page).getByRole('button', { name: 'Close' })).toBeFocused()
  await expect(lightboxImage(page)).toHaveAttribute('alt', /\S/)

  // Tab and Shift+Tab go round the dialog's buttons and never leave it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await focusIsInLightbox(page), `focus after ${key}`).toBe(true)
  }

  await page.keyboard.press('ArrowRight')
  await expectShowing(page, 2 % count, count)
  await page.keyboard.press('Home')
  await expectShowing(page, 0, count)
  await page.keyboard.press('ArrowLeft')
  await expectShowing(page, count - 1, count)
  await lightbox(page).getByRole('button', { name: 'Next image' }).click()
  await expectShowing(page, 0, count)
  await lightbox(page).getByRole('button', { name: 'Previous image' }).click()
  await expectShowing(page, count - 1, count)
  await expectNoSeriousAxeViolation(page)

  await page.keyboard.press('Escape')
  await expect(lightbox(page)).toBeHidden()
  await expect(thumbnails(page).nth(1)).toBeFocused()

  // Space opens it too; its Close button closes it, focus back where it was.
  await thumbnails(page).first().focus()
  await page.keyboard.press(' ')
  await expectShowing(page, 0, count)
  await lightbox(page).getByRole('button', { name: 'Close' }).click()
  await expect(lightbox(page)).toBeHidden()
  await expect(thumbnails(page).first()).toBeFocused()
})

test('a click on a gallery thumbnail opens the lightbox rather than the image file', async ({ page }) => {
  await page.goto(ELEMENTS_GUIDE_PATH)
  await chromeAttached(page)
  // The lightbox's code arrives on this first reach: the click waits for it instead of following the link.
  await thumbnails(page).nth(2).click()
  await expect(lightbox(page)).toBeVisible()
  await expect(page).toHaveURL((url) => url.pathname === ELEMENTS_GUIDE_PATH)
  await expectShowing(page, 2, await thumbnails(page).count())
})

/** A stand-in for the player's page: the suite never reaches the real host. */
const PLAYER_STAND_IN = '<!doctype html><title>Player</title><p>Player stand-in</p>'

test('the video loads nothing from its host until Play is pressed, then the privacy-friendly player, within the page’s CSP', async ({
  page,
}) => {
  const hostRequests: string[] = []
  page.on('request', (request) => {
    if (/youtube|ytimg|vimeo/.test(new URL(request.url()).hostname)) hostRequests.push(request.url())
  })
  await page.route(`${VIMEO_EMBED_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: PLAYER_STAND_IN }),
  )
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const response = await page.goto(ELEMENTS_GUIDE_PATH)
  const csp = response!.headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(new RegExp(`frame-src 'self' [^;]*${VIMEO_EMBED_ORIGIN}`))
  expect(csp).toContain(YOUTUBE_EMBED_ORIGIN)
  await chromeAttached(page)

  const play = page.getByRole('link', { name: `Play video: ${SEED_VIDEO_TITLE}` })
  await play.scrollIntoViewIfNeeded()
  await play.hover()
  await expect(page.locator('.video-block iframe')).toHaveCount(0)
  expect(hostRequests).toEqual([])

  const playerRequest = page.waitForRequest((request) => request.url().startsWith(`${VIMEO_EMBED_ORIGIN}/video/`))
  await play.click()
  const player = page.locator('.video-block iframe.video-player')
  await expect(player).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\/video\/\d+\?dnt=1&autoplay=1/)
  await expect(player).toHaveAttribute('title', SEED_VIDEO_TITLE)
  await expect(player).toBeFocused()
  await playerRequest
  await expect(page.frameLocator('.video-block iframe.video-player').getByText('Player stand-in')).toBeVisible()
  expect(hostRequests.every((url) => url.startsWith(`${VIMEO_EMBED_ORIGIN}/`))).toBe(true)
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
})
