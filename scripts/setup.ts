// Run by `npm start` (and the test and bench servers) as a bundle, see scripts/lib/runTs.mjs:
// migrate, create the first admin, seed.
import fs from 'node:fs'
import config from '@payload-config'
import { getPayload } from 'payload'
import { handOverFirstAdmin, TO_TERMINAL_VARIABLE, writeOwnerOnly } from '@/setup/firstAdmin'
import { DATA_DIR } from '@/platform/paths'
import { setUpDatabase } from '@/setup/setUpDatabase'

// The SQLite file, uploads and the outbox live here; a fresh clone does not have it yet.
fs.mkdirSync(DATA_DIR, { recursive: true })

const payload = await getPayload({ config })
const report = await setUpDatabase(payload)
if (report.seeded) console.log('Seeded the starting content.')
if (report.admin) {
  const lines = handOverFirstAdmin(report.admin, { toTerminal: process.env[TO_TERMINAL_VARIABLE] === '1' })
  console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`)
  // The browser suites and the stack's benches log in with these; nothing else sets this variable.
  if (process.env.E2E_ADMIN_FILE) writeOwnerOnly(process.env.E2E_ADMIN_FILE, JSON.stringify(report.admin))
}
await payload.destroy()
// scripts/lib/bootstrap.mjs waits for this line (SETUP_DONE_LINE) to know the set-up finished.
console.log('Database ready.')
process.exit(0)
