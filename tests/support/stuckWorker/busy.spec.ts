import { expect, test } from '@playwright/test'

/** How long the busy worker goes on showing progress: longer than the watchdog's allowance in the test. */
const BUSY_FOR_MS = Number(process.env.STUCK_BUSY_FOR_MS || 0)

// On the other worker, a test that keeps making progress (a step every half second) while the
// stuck one is blocked: its progress must not hide the other worker's stall.
test('a test on the other worker keeps making progress meanwhile', async () => {
  test.setTimeout(BUSY_FOR_MS + 5_000)
  for (let elapsed = 0; elapsed < BUSY_FOR_MS; elapsed += 500) {
    await test.step(`still busy at ${elapsed} ms`, () => new Promise((resolve) => setTimeout(resolve, 500)))
  }
  expect(true).toBe(true)
})
