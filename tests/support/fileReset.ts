// Runs before each integration test file. The integration project runs its files one after another
// in the same worker process (`isolate: false`): loading Payload and its dependencies once per
// worker instead of once per file is most of what the files cost. What a file could leave behind
// for the next one is reset here, so that each file starts as it would in a process of its own:
// - the site's modules (everything Vitest transforms: src/, tests/), evaluated anew, so that no
//   module-level memo, counter or limiter carries over; the packages under node_modules, which
//   hold no state of the site, stay loaded;
// - the site's process-wide values (src/platform/processWide.ts), which live on globalThis, and
//   Payload's own cache of started instances by key (a later file's instance may take the key a
//   stopped one had: the counters that make keys are module-level, and start again);
// - the environment variables, back to what the worker started with.
import { vi } from 'vitest'
import { PROCESS_WIDE_PREFIX } from '@/platform/processWide'

vi.resetModules()

const holder = globalThis as { [key: symbol]: unknown }
for (const key of Object.getOwnPropertySymbols(holder)) {
  if (key.description?.startsWith(PROCESS_WIDE_PREFIX)) delete holder[key]
}

;(globalThis as { _payload?: Map<unknown, unknown> })._payload?.clear()

const ENVIRONMENT_AT_START = Symbol.for('site-tests.environment-at-start')
const started = ((globalThis as { [ENVIRONMENT_AT_START]?: Record<string, string | undefined> })[
  ENVIRONMENT_AT_START
] ??= { ...process.env })
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name]
Object.assign(process.env, started)
