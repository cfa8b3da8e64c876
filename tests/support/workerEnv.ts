// Runs before each test file in its worker.
import { AsyncLocalStorage } from 'node:async_hooks'
import module from 'node:module'
import path from 'node:path'
import { afterAll } from 'vitest'

// Each worker of each run gets its own data folder, so that suites running at once (two workers, or
// two runs side by side) never write into each other's uploads, outbox or chat files. The run's own
// process (a forked worker's parent, or the process a worker thread runs in) names the run.
const worker = process.env.VITEST_POOL_ID ?? '1'
process.env.DATA_DIR = path.resolve(process.cwd(), '.tmp', 'vitest-data', `${process.ppid}-${worker}`)

// Next's server sets this global before it loads its request stores, which read it once when first
// loaded; a test file that loads them (next/cache) finds it set whichever file loaded them first.
;(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage

// Most of a file's start is loading Payload and its dependencies: Node keeps their compiled code
// here, and every later file's worker (each file has a process of its own) reuses it. Written at
// the end of each file, as a worker is ended rather than left to exit.
// (The project's @types/node is still Node 20's, which lacks these two; the runtime is Node 24.)
const compileCache = module as typeof module & { enableCompileCache(dir: string): unknown; flushCompileCache(): void }
compileCache.enableCompileCache(path.resolve(process.cwd(), '.tmp', 'node-compile-cache'))
afterAll(() => compileCache.flushCompileCache())
