import { defineConfig } from '@playwright/test'
import { announceWorkerSlot } from '../../e2e/support/workerSlots'

announceWorkerSlot()

/**
 * A run of three browserless tests whose second blocks its worker's main thread for good, as a
 * loader deadlock does: the watchdog test (tests/integration/e2e-watchdog.test.ts) runs it. With
 * STUCK_WORKERS=2, a second worker runs a test that keeps making progress meanwhile.
 */
export default defineConfig({
  testDir: '.',
  testMatch: process.env.STUCK_WORKERS === '2' ? ['stuck.spec.ts', 'busy.spec.ts'] : 'stuck.spec.ts',
  workers: Number(process.env.STUCK_WORKERS || 1),
  retries: 0,
  timeout: 5_000,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }],
    ['../../e2e/support/watchdogReporter.ts'],
  ],
})
