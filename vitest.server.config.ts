import { defineConfig } from 'vitest/config'

/**
 * The server suite (tests/server): a Debian 12 container booted with systemd, driven through the
 * server commands of docs/servers.md, step after step in one file. Its own configuration, outside `npx vitest
 * run`'s projects: it needs root, debootstrap and systemd-nspawn, and the machine's ports 80 and 443, and
 * takes minutes; `npm test` runs it last, alone (`npm run test:server` by itself).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    // Each step says its own bound; the steps run in order and stop at the first failure.
    sequence: { concurrent: false },
    bail: 1,
    slowTestThreshold: 60_000,
  },
})
