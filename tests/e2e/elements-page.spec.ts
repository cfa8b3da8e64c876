import { expect, test } from '@playwright/test'
import { HEADING_STYLES } from '../../src/blocks/RichText/headingStyle'
import { ELEMENTS_GUIDE_PATH } from '../../src/setup/seed/content/pages'
import { E2E_URL } from '../../playwright.config'
import { adminToken } from './helpers'
import { adminExpect, openAdmin } from './support/admin'
import { expectNoSeriousAxeViolation, WIDTHS } from './support/elements'

// The seeded guide holds every page element (tests/integration/elements-page.test.ts); what each one
// does is checked once, on the seeded pages (elements-*.spec.ts, dropdown.spec.ts). Here: the way to the
// guide, an editor's heading style, and what the guide shows at each width.

/** Rich text holding one plain paragraph. */
const richTextOf = (text: string) => {
  const base = { direction: 'ltr', format: '', indent: 0, version: 1 }
  const run = { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }
  const paragraph = { ...base, type: 'paragraph', textFormat: 0, textStyle: '', children: [run] }
  return { root: { ...base, type: 'root', children: [paragraph] } }
}

test('the guide holding every element is linked from the footer', async ({ page }) => {
  await page.goto('/')
  const link = page.locator('footer').getByRole('link', { name: 'How a title search works' })
  await expect(link).toHaveAttribute('href', ELEMENTS_GUIDE_PATH)
  await link.click()
  await expect(page).toHaveURL((url) => url.pathname === ELEMENTS_GUIDE_PATH)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How a title search works')
})

test.describe('heading styles in the admin', () => {
  const created: number[] = []
  // An afterEach hook runs even when the test times out, so a page made here never stays behind
  // to join the sitemap and search that other suites check.
  test.afterEach(async ({ request }) => {
    const token = await adminToken(request)
    for (const id of created.splice(0)) {
      await request.delete(`/api/pages/${id}`, { headers: { Authorization: `JWT ${token}` } })
    }
  })

  test('an editor gives a paragraph the look of heading 2 in the admin, and the site shows it with class h2', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request)
    const text = 'Make this sentence look like a heading'
    const response = await request.post('/api/pages', {
      headers: { Authorization: `JWT ${token}` },
      data: {
        title: 'Heading style check',
        slug: `heading-style-check-${Date.now()}`,
        _status: 'published',
        layout: [{ blockType: 'richText', content: richTextOf(text) }],
      },
    })
    expect(response.status()).toBe(201)
    const { doc } = await response.json()
    created.push(doc.id)
    await page.context().addCookies([{ name: 'payload-token', value: token, url: E2E_URL }])
    await openAdmin(page, `/collections/pages/${doc.id}`)
    await page.locator('[data-lexical-editor="true"]').getByText(text).click({ clickCount: 3 })
    // The floating toolbar may be drawn above the top of the window; a click event reaches it there.
    await page.getByRole('button', { name: 'textState dropdown' }).dispatchEvent('click')
    await page.getByRole('button', { name: 'Looks like heading 2' }).dispatchEvent('click')
    // The admin's screens answer after a server round trip: their expectations wait as long as it may take.
    await adminExpect(page.locator('[data-lexical-editor="true"] [data-heading-style="h2"]')).toHaveText(text)
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok())
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await saved
    await page.goto(doc.path)
    await expect(page.locator('main p.h2')).toHaveText(text)
    await expect(page.getByRole('heading', { name: text })).toHaveCount(0)
  })
})

// What changes with the width: what the accessibility check finds, and the headings' sizes (they follow it).
for (const viewport of WIDTHS) {
  test.describe(`the page holding every element at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('has no serious or critical axe violation, closed and with its elements opened', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(ELEMENTS_GUIDE_PATH)
      await expectNoSeriousAxeViolation(page)
      await page.locator('.accordion[data-ready] .accordion-toggle').first().click()
      await page
        .locator('[aria-roledescription="carousel"].is-enhanced')
        .getByRole('button', { name: 'Next slide' })
        .click()
      await page.getByLabel('Your name').focus()
      await expect(page.locator('#contact-form-115')).toHaveAttribute('data-enhanced', 'true')
      await expectNoSeriousAxeViolation(page)
    })

    test('heading-style text and any element of class .h1 to .h6 have the font of the heading they imitate, outside the outline', async ({
      page,
    }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const styled = page.locator('.block--richText p.h3, .block--richText p.h4')
      expect(await styled.count()).toBeGreaterThanOrEqual(2)
      await expect(
        page.getByRole('heading', { name: 'Most searches touch at least three of these offices.' }),
      ).toHaveCount(0)
      // A real heading of each level, placed beside the styled paragraph, must look the same.
      const pairs = await styled.evaluateAll((paragraphs) =>
        paragraphs.map((paragraph) => {
          const level = [...paragraph.classList].find((name) => /^h[1-6]$/.test(name))!
          const heading = document.createElement(level)
          paragraph.after(heading)
          const look = (el: Element) => {
            const style = getComputedStyle(el)
            return [style.fontSize, style.fontFamily, style.fontWeight, style.lineHeight].join(' | ')
          }
          const pair = { level, styled: look(paragraph), heading: look(heading) }
          heading.remove()
          return pair
        }),
      )
      for (const pair of pairs) {
        expect(HEADING_STYLES).toContain(pair.level)
        expect(pair.styled).toBe(pair.heading)
      }
      // Every level, on any element of the main column: the class gives the heading's size.
      const sizes = await page.evaluate(() => {
        const main = document.querySelector('main')!
        return [1, 2, 3, 4, 5, 6].map((level) => {
          const heading = document.createElement(`h${level}`)
          const classed = document.createElement('p')
          classed.className = `h${level}`
          main.append(heading, classed)
          const pair = [getComputedStyle(heading).fontSize, getComputedStyle(classed).fontSize]
          heading.remove()
          classed.remove()
          return pair
        })
      })
      for (const [heading, classed] of sizes) expect(classed).toBe(heading)
    })
  })
}
