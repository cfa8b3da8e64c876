import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY } from './src/analytics/consent/model'

export const E2E_PORT = Number(process.env.E2E_PORT || 3100)
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`

/**
 * Suites start as a returning visitor who has already made a privacy choice (analytics and ads
 * off), so the consent banner does not cover what they test; the consent and analytics suites
 * start from an empty browser instead (`FIRST_VISIT`).
 */
export const RETURNING_VISITOR = {
  cookies: [],
  origins: [
    {
      origin: E2E_URL,
      localStorage: [
        {
          name: CONSENT_STORAGE_KEY,
          value: JSON.stringify({ v: 1, analytics: false, ads: false, expires: Date.now() + CONSENT_MAX_AGE_MS }),
        },
      ],
    },
  ],
}
export const FIRST_VISIT = { cookies: [], origins: [] }

/** Longest the browser suite may run in all. */
export const BROWSER_SUITE_MAX_MS = 55 * 60_000

/** The browser suites run against the production build, on a fresh seeded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  // The whole browser suite takes about 25 minutes here; a run past this has gone wrong.
  globalTimeout: BROWSER_SUITE_MAX_MS,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || '.tmp/reports/playwright.json' }],
    // Ends a worker that stopped making progress and names the test it was in.
    ['./tests/e2e/support/watchdogReporter.ts'],
    // Prints what a failed test's pages showed (the chat suites attach it), at the end of the log.
    ['./tests/e2e/support/openPagesReporter.ts'],
  ],
  use: {
    baseURL: E2E_URL,
    storageState: RETURNING_VISITOR,
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
