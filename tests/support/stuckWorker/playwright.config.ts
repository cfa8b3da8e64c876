import { defineConfig } from '@playwright/test'

/**
 * A run of three browserless tests whose second blocks its worker's main thread for good, as a
 * loader deadlock does: the watchdog test (tests/integration/e2e-watchdog.test.ts) runs it.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'stuck.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 5_000,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }],
    ['../../e2e/support/watchdogReporter.ts'],
  ],
})
