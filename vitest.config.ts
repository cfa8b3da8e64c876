import path from 'node:path'
import { defineConfig } from 'vitest/config'

/** Both cores of the machines this runs on (docs/tests.md); VITEST_WORKERS=N tries another number. */
const WORKERS = Number(process.env.VITEST_WORKERS || 2)

/**
 * Suites that install, deploy, back up or restore a whole site: each starts servers of its own
 * (nginx, PostgreSQL, several instances) and measures them, so they run one at a time, after the rest
 * (scripts/test.mjs runs them beside the production build, one core each).
 */
const RUN_ALONE = [
  'tests/integration/backup-archive-refusals.test.ts',
  'tests/integration/backup-command.test.ts',
  'tests/integration/backup-restore-anywhere.test.ts',
  'tests/integration/backup-round-trip.test.ts',
  'tests/integration/backup-secrets.test.ts',
  'tests/integration/backup-s3.test.ts',
  'tests/integration/s3-outage.test.ts',
  'tests/integration/s3-storage.test.ts',
  'tests/integration/server-deploy-plan.test.ts',
  'tests/integration/server-deploy-run.test.ts',
  'tests/integration/server-front.test.ts',
  'tests/integration/server-install-command.test.ts',
  'tests/integration/server-units.test.ts',
  'tests/integration/process-cpu.test.ts',
]

/** The servers a project's suites share, started once for the project (tests/support/globalSetup.ts). */
const SHARED_SERVERS = ['tests/support/globalSetup.ts']

export default defineConfig({
  resolve: {
    alias: {
      '@payload-config': path.resolve(import.meta.dirname, 'src/payload.config.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Printed by the default reporter beside each test that took longer, and listed at the end of `npm test`.
    slowTestThreshold: 5_000,
    setupFiles: ['tests/support/workerEnv.ts'],
    env: { PAYLOAD_SECRET: 'vitest-secret' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          pool: 'threads',
          // Unit tests hold no state between files: one module graph per thread, loaded once.
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: RUN_ALONE,
          pool: 'forks',
          // A worker runs its files one after another in one process, Payload loaded once: each
          // file starts with the site's modules, process-wide values and environment reset
          // (tests/support/fileReset.ts).
          isolate: false,
          setupFiles: ['tests/support/fileReset.ts'],
          maxWorkers: WORKERS,
          globalSetup: SHARED_SERVERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: RUN_ALONE,
          pool: 'forks',
          maxWorkers: 1,
          globalSetup: SHARED_SERVERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
