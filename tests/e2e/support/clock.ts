import type { Page } from '@playwright/test'

/**
 * How far ahead of the page's clock a pause is set, tried in turn: the command takes time to reach
 * the page, and on a busy machine more than the first lead, so the point would be past (refused).
 * The first is short, so a page's timers move as little as possible before the pause.
 */
export const PAUSE_LEADS_MS = [250, 1000, 3000]

/** From here on the page's clock moves only when the test says so (runFor / fastForward). */
export async function pauseClock(page: Page) {
  for (const lead of PAUSE_LEADS_MS) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + lead)
      return
    } catch (error) {
      if (!/past/.test(String(error))) throw error
    }
  }
  throw new Error(`the page's clock could not be paused ${PAUSE_LEADS_MS.at(-1)} ms ahead of itself`)
}
