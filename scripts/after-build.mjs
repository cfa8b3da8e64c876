// What every production build needs after `next build` (run by `npm run build` and by the
// start-up of `npm start`, `npm test` and the stack): the admin's documents link their stylesheets,
// and the files every page starts with carry V8's compile hint.
import path from 'node:path'
import { linkAdminStylesheets } from './lib/adminStylesheets.mjs'
import { ROOT } from './lib/bootstrap.mjs'
import { hintRootMainFiles } from './lib/compileHints.mjs'

const distDir = path.join(ROOT, '.next')
const rewritten = linkAdminStylesheets(distDir)
console.log(
  `> Admin stylesheets linked, not inlined (${rewritten.length} route manifest${rewritten.length === 1 ? '' : 's'}).`,
)
const hinted = hintRootMainFiles(distDir)
console.log(`> Compile hint on ${hinted.length} root main file${hinted.length === 1 ? '' : 's'}.`)
