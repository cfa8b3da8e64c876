// `npm run migrate`: applies the migrations the database lacks (with .env's DATABASE_URL, or
// SQLite under DATA_DIR). On an empty database it also creates the first admin and the starting
// content, as `npm start` does; on one with content it changes nothing else.
import { continueOnProjectNode, ensureInstalled, loadEnvFile, setUpDatabase } from './lib/bootstrap.mjs'

try {
  ensureInstalled()
  continueOnProjectNode()
  loadEnvFile()
  if (!process.env.PAYLOAD_SECRET)
    throw new Error('PAYLOAD_SECRET is not set: run `npm start` once, or write .env (see .env.example)')
  await setUpDatabase()
} catch (error) {
  console.error(`\nnpm run migrate failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
