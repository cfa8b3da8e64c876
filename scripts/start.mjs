// `npm start`: on a fresh clone, install, write .env, migrate, seed, build, then serve.
import {
  continueOnProjectNode,
  ensureBuilt,
  ensureEnvFile,
  ensureInstalled,
  loadEnvFile,
  run,
  setUpDatabase,
} from './lib/bootstrap.mjs'

const port = process.env.PORT || '3000'

try {
  ensureInstalled()
  continueOnProjectNode()
  ensureEnvFile(port)
  loadEnvFile()
  await setUpDatabase()
  ensureBuilt()
  console.log(`\n> Site:  http://localhost:${port}\n> Admin: http://localhost:${port}/admin\n`)
  run(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: port, NODE_ENV: 'production' } })
} catch (error) {
  console.error(`\nnpm start failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
