// Run by `npm start` (and the test and bench servers) as a bundle, see scripts/lib/runTs.mjs:
// migrate, create the first admin, seed.
import fs from 'node:fs'
import config from '@payload-config'
import { getPayload } from 'payload'
import { DATA_DIR } from '@/cms/paths'
import { setUpDatabase } from '@/cms/setup'

// The SQLite file, uploads and the outbox live here; a fresh clone does not have it yet.
fs.mkdirSync(DATA_DIR, { recursive: true })

const payload = await getPayload({ config })
const report = await setUpDatabase(payload)
if (report.seeded) console.log('Seeded the starting content.')
if (report.admin) {
  console.log('\n  First admin created. This password is shown only once; change it after logging in.')
  console.log(`    email:    ${report.admin.email}`)
  console.log(`    password: ${report.admin.password}\n`)
  // The browser suites log in with these; nothing else sets this variable.
  if (process.env.E2E_ADMIN_FILE) fs.writeFileSync(process.env.E2E_ADMIN_FILE, JSON.stringify(report.admin))
}
await payload.destroy()
// scripts/lib/bootstrap.mjs waits for this line (SETUP_DONE_LINE) to know the set-up finished.
console.log('Database ready.')
process.exit(0)
