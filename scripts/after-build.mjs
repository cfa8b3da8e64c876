// What every production build needs after `next build` (run by `npm run build` and by the
// start-up of `npm start`, `npm test` and the stack): the admin's documents link their stylesheets.
import path from 'node:path'
import { linkAdminStylesheets } from './lib/adminStylesheets.mjs'
import { ROOT } from './lib/bootstrap.mjs'

const rewritten = linkAdminStylesheets(path.join(ROOT, '.next'))
console.log(
  `> Admin stylesheets linked, not inlined (${rewritten.length} route manifest${rewritten.length === 1 ? '' : 's'}).`,
)
