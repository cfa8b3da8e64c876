import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import { seriousAxeViolations } from './axe'

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]

export type ElementsViewport = (typeof WIDTHS)[number]

/** Registers `body` once per width, as `page elements at N px` with that viewport. */
export function atEachWidth(body: (viewport: ElementsViewport) => void) {
  for (const viewport of WIDTHS) {
    test.describe(`page elements at ${viewport.width} px`, () => {
      test.use({ viewport })
      body(viewport)
    })
  }
}

export { pauseClock } from './clock'

/** A finger moving `dx` pixels sideways across `target`, as Chromium's touch input. */
export async function swipe(cdp: CDPSession, target: Locator, dx: number) {
  const box = (await target.boundingBox())!
  const y = box.y + Math.min(box.height / 2, 150)
  const x = dx < 0 ? box.x + box.width - 20 : box.x + 20
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

export async function expectNoSeriousAxeViolation(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  expect(await seriousAxeViolations(page)).toEqual([])
}
