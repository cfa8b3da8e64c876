import { expect, test } from '@playwright/test'
import { seededPaths } from './helpers'
import { seriousAxeViolations } from './support/axe'

const WIDTHS = [1280, 375]

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })
    for (const pagePath of [...seededPaths, '/no-such-page']) {
      test(`${pagePath} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(pagePath)
        // Measure the settled page, not a fade or reveal half-way through.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
        expect(await seriousAxeViolations(page)).toEqual([])
      })
    }
  })
}
