// The server the browser suites drive: the production build on a fresh database under .tmp/e2e.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, run, setUpDatabase } from './lib/bootstrap.mjs'

const port = process.env.E2E_PORT || '3100'
// One data folder per port, so that two checkouts' suites can run side by side.
const dataDir = path.join(ROOT, '.tmp', `e2e-${port}`)
// Removed and not made again: the set-up creates it, as `npm start` needs on a fresh clone.
fs.rmSync(dataDir, { recursive: true, force: true })

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SERVER_URL: `http://127.0.0.1:${port}`,
  // The suites stand where the nginx front stands in production: on loopback, trusted to name the
  // client's address (the contact suite plays several visitors by X-Forwarded-For).
  TRUST_PROXY: 'loopback',
  E2E_ADMIN_FILE: path.join(dataDir, 'admin.json'),
  // The suites sign in dozens of times from loopback; the hostile suite's own server keeps the default.
  LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
  // The chat suite serves a stand-in for LiveChat (its API and tracking script) on this loopback
  // port, the last of the ten ports each checkout's suite may use.
  LIVECHAT_SCRIPT_URL: process.env.LIVECHAT_SCRIPT_URL || `http://127.0.0.1:${Number(port) + 9}/tracking.js`,
  LIVECHAT_API_URL: process.env.LIVECHAT_API_URL || `http://127.0.0.1:${Number(port) + 9}`,
}
await setUpDatabase(env)
run(process.execPath, ['scripts/serve.mjs'], { env: { ...env, HOST: '127.0.0.1', PORT: port, NODE_ENV: 'production' } })
