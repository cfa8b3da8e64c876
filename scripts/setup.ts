// Run by `npm start` through `payload run`: migrate, create the first admin, seed.
import fs from 'node:fs'
import config from '@payload-config'
import { getPayload } from 'payload'
import { setUpDatabase } from '@/cms/setup'

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
