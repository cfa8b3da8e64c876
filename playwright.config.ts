import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH } from './scripts/lib/chromium.mjs'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY } from './src/analytics/consent/model'
import { announceWorkerSlot } from './tests/e2e/support/workerSlots'

// In a worker, tells the watchdog which slot this process is in.
announceWorkerSlot()

/** Both cores: each worker drives its own server (docs/tests.md). E2E_WORKERS=1 runs one, for a quick look at a file. */
export const BROWSER_WORKERS = Number(process.env.E2E_WORKERS || 2)
/** Ports a worker's suites may use from its server's port up (second servers, proxies, stand-ins). */
const PORTS_PER_WORKER = 10
/** The first worker's server; two checkouts' suites run side by side when E2E_PORT differs by 20 or more. */
const E2E_PORT_BASE = Number(process.env.E2E_PORT || 3100)
const serverPort = (parallelIndex: number) => E2E_PORT_BASE + PORTS_PER_WORKER * parallelIndex
/**
 * This worker's server: Playwright names the worker slot in TEST_PARALLEL_INDEX before a worker loads
 * this file, so every suite (and `baseURL`) reaches the server of its own worker, on its own database.
 */
export const E2E_PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX || 0))
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
export const BROWSER_SUITE_MAX_MS = 40 * 60_000

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined }
/**
 * The production stack's suites: they share one stack (tests/e2e/support/productionStack.ts) and the
 * later ones start from what the earlier left (a deploy, then faults that kill its processes), so
 * they run in one worker, one file after another in the order of their names.
 */
const PRODUCTION_STACK_SUITES = 'e2e/front/**/*.spec.ts'

/** The browser suites run against the production build, on a fresh seeded database. */
export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  workers: BROWSER_WORKERS,
  retries: 0,
  timeout: 45_000,
  // A run past this has gone wrong.
  globalTimeout: BROWSER_SUITE_MAX_MS,
  // Listed at the end of the run (and of `npm test`): the files that took longest.
  reportSlowTests: { max: 10, threshold: 60_000 },
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
    launchOptions: { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      testMatch: ['e2e/**/*.spec.ts', 'contract/**/*.spec.ts'],
      testIgnore: PRODUCTION_STACK_SUITES,
      use: DESKTOP,
    },
    // The production stack starts servers of its own (nginx, PostgreSQL, Redis, two instances) and
    // builds a release: listed last, it runs beside the last of the other files rather than beside
    // the first ones, whose start it slowed enough to fail a chat test (a clean-clone run did).
    { name: 'production-stack', testMatch: PRODUCTION_STACK_SUITES, workers: 1, use: DESKTOP },
  ],
  // One server per worker, each on its own copy of the seeded database (scripts/e2e-server.mjs).
  webServer: Array.from({ length: BROWSER_WORKERS }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${serverPort(index)}/api/health`,
    env: { E2E_PORT: String(serverPort(index)) },
    timeout: 180_000,
    // E2E_REUSE_SERVER=1 drives servers already started with `E2E_PORT=… node scripts/e2e-server.mjs`.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
})
