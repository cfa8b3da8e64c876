// The production server (src/server/serve.ts), bundled by esbuild and run in this process:
// `npm start`, the browser suites, the production stack and the benchmarks all serve through it.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { ROOT } from './lib/bootstrap.mjs'
import { startQuickly } from './lib/quickStart.mjs'
import { bundleTs } from './lib/runTs.mjs'

process.chdir(ROOT)
const { saveCompiled } = startQuickly(ROOT)
const bundle = await bundleTs(ROOT, 'src/server/serve.ts', `serve-${process.pid}`)
await import(pathToFileURL(bundle).href)
// Loaded and listening: the file has done its work, and what was compiled to get here is kept.
fs.rmSync(bundle, { force: true })
saveCompiled()
