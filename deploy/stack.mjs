// The production stack on one machine: PostgreSQL, Redis, N app instances and the nginx front,
// everything on loopback and under one state folder.
//   node deploy/stack.mjs start   (again while running: says so)
//   node deploy/stack.mjs stop    (again when stopped: says so)
//   node deploy/stack.mjs deploy [--no-backup]  (a new release of the checkout, backed up before it
//                                 migrates, rolled over with no downtime)
//   node deploy/stack.mjs deploy --release FILE [--no-backup]   (the same with a release made by
//                                 `npm run release`, FILE its <name>.tar.gz: unpacked, not built)
//   node deploy/stack.mjs deploy --built [--no-backup]   (the same with the checkout's own build,
//                                 made first when missing or out of date: copied, not built again)
//   node deploy/stack.mjs rollback [--force]   (back to the release before)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { logMaxBytes, rotateLogsOver } from './lib/logFiles.mjs'
import {
  continueOnProjectNode,
  ensureBuilt,
  ensureEnvFile,
  loadEnvFile,
  ROOT,
  setUpDatabase,
} from '../scripts/lib/bootstrap.mjs'
import {
  APP_PORTS,
  DATABASE_URL,
  DEPLOY_LOCK,
  FRONT_HTTPS_PORT,
  FRONT_PORT,
  FRONT_URL,
  LOG_DIR,
  MAINTENANCE_PAGE,
  NGINX,
  NGINX_ARGS,
  PG_PORT,
  REDIS_PORT,
  REDIS_URL,
  SERVICE_START_TIMEOUT_MS,
  STATE_DIR,
  STATE_FILE,
  UPLOADS_DIR,
} from './lib/config.mjs'
import { NO_BACKUP_OPTION } from './lib/backupBeforeDeploy.mjs'
import { withDeployLock } from './lib/deployLock.mjs'
import { saveMaintenancePage } from './lib/maintenancePage.mjs'
import { isRunning, portAnswers, stopProcess, waitUntil } from './lib/processes.mjs'
import { migrationNames } from './lib/releaseMigrations.mjs'
import { currentRelease } from './lib/releases.mjs'
import { precompressStatic, shareStaticFiles } from './lib/staticFiles.mjs'
import {
  ensureSystemPackages,
  launchApp,
  launchBackups,
  startPostgres,
  startRedis,
  waitForApp,
} from './lib/services.mjs'
import { frontAnswersOk, startNginx } from './lib/stackFront.mjs'
import { BUILT_OPTION, deploy, RELEASE_OPTION, rollback } from './lib/stackDeploys.mjs'
import { readState, recordsOf, writeState } from './lib/stackState.mjs'

// ---- commands -------------------------------------------------------------------------------

function printUrls() {
  console.log(`
> Front (nginx):  ${FRONT_URL}   admin: ${FRONT_URL}/admin   (http://127.0.0.1:${FRONT_PORT} redirects there)
> App instances:  ${APP_PORTS.map((port) => `http://127.0.0.1:${port}`).join(', ')}
> PostgreSQL:     ${DATABASE_URL}
> Redis:          ${REDIS_URL}
> State and logs: ${path.relative(ROOT, STATE_DIR) || STATE_DIR}   (stop: node deploy/stack.mjs stop)
`)
}

async function refuseBusyPorts() {
  const ports = [FRONT_PORT, FRONT_HTTPS_PORT, ...APP_PORTS, PG_PORT, REDIS_PORT]
  const busy = []
  for (const port of ports) if (await portAnswers(port)) busy.push(port)
  if (busy.length) throw new Error(`something else already listens on port ${busy.join(', ')}`)
}

async function start() {
  const previous = readState()
  if (previous) {
    const records = recordsOf(previous)
    if (records.length && records.every(isRunning)) {
      console.log('> The stack is already running.')
      printUrls()
      return
    }
    console.log('> Part of the stack is not running any more: stopping the rest, then starting again.')
    await stop()
  }
  ensureSystemPackages()
  await refuseBusyPorts()
  for (const dir of [STATE_DIR, LOG_DIR, UPLOADS_DIR]) fs.mkdirSync(dir, { recursive: true })
  const rotated = rotateLogsOver(LOG_DIR)
  if (rotated.length) console.log(`> Rotated ${rotated.join(', ')} (over ${logMaxBytes()} bytes).`)
  if (!process.env.PAYLOAD_SECRET) ensureEnvFile(FRONT_PORT)
  loadEnvFile()

  // Recorded as each process starts, so that `stop` also ends a start that failed halfway.
  /** @type {import('./lib/stackState.mjs').StackState} */
  const state = {
    ports: { front: FRONT_PORT, frontHttps: FRONT_HTTPS_PORT, apps: APP_PORTS, postgres: PG_PORT, redis: REDIS_PORT },
    processes: { apps: [] },
  }
  try {
    state.processes.postgres = await startPostgres()
    writeState(state)
    state.processes.redis = await startRedis()
    writeState(state)
    await setUpDatabase({
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      DATA_DIR: UPLOADS_DIR,
      SERVER_URL: FRONT_URL,
      E2E_ADMIN_FILE: path.join(STATE_DIR, 'admin.json'),
    })
    // Before the first deploy the instances run the checkout, built here; after it, `current`.
    const release = currentRelease()
    if (release === ROOT) {
      ensureBuilt()
      // What the checkout's build knows: a later `git pull` changes its files, not what runs.
      state.checkoutMigrations = migrationNames(ROOT)
    }
    state.releases = [release]
    console.log(`> Starting ${APP_PORTS.length} app instances…`)
    state.processes.apps = APP_PORTS.map((port) => launchApp(port, release))
    writeState(state)
    await Promise.all(APP_PORTS.map((port, i) => waitForApp(port, state.processes.apps[i])))
    await saveMaintenancePage({ port: APP_PORTS[0], file: MAINTENANCE_PAGE })
    shareStaticFiles(release)
    precompressStatic()
    state.processes.nginx = await startNginx()
    writeState(state)
    await waitUntil(() => frontAnswersOk('/api/health'), SERVICE_START_TIMEOUT_MS, 'the front answering over https')
    state.processes.backups = launchBackups()
    writeState(state)
  } catch (error) {
    writeState(state)
    console.error(`\n> The stack did not start: ${error instanceof Error ? error.message : error}`)
    await stop()
    process.exitCode = 1
    return
  }
  printUrls()
}

async function stop() {
  const state = readState()
  if (!state || !recordsOf(state).some(isRunning)) {
    console.log('> The stack is not running.')
    fs.rmSync(STATE_FILE, { force: true })
    return
  }
  const { nginx, apps = [], backups, postgres, redis } = state.processes
  // Front first, so that no request reaches an instance that is stopping; the database last.
  if (isRunning(nginx)) {
    // -s quit: finish the requests in flight (worker_shutdown_timeout ends open event streams).
    spawnSync(NGINX, [...NGINX_ARGS, '-s', 'quit'], { stdio: 'inherit' })
    await stopProcess('nginx', nginx, ['SIGQUIT', 'SIGTERM'])
  }
  // An instance is its own process group, so that a stop reaches anything it started.
  await Promise.all(apps.map((app, i) => stopProcess(`app ${i + 1}`, app, ['SIGTERM'], { group: true })))
  await stopProcess('the backup schedule', backups, ['SIGTERM'])
  // SIGTERM is PostgreSQL's smart shutdown (the instances are gone, so it ends at once); SIGINT
  // is the fast one, should a client still hang on.
  await stopProcess('PostgreSQL', postgres, ['SIGTERM', 'SIGINT'])
  await stopProcess('Redis', redis, ['SIGTERM'])
  fs.rmSync(STATE_FILE, { force: true })
}

/** @type {Record<string, () => Promise<void>>} */
const COMMANDS = { start, stop, deploy, rollback }
const command = COMMANDS[process.argv[2]]
if (!command) {
  console.error(
    `Usage: node deploy/stack.mjs start|stop|deploy|rollback [--force] [${NO_BACKUP_OPTION}] [${RELEASE_OPTION} FILE | ${BUILT_OPTION}]`,
  )
  process.exit(2)
}
// The app instances are started with this process's Node: the project's own.
continueOnProjectNode()
try {
  // A deploy and a rollback change the releases and restart the instances: one at a time.
  if (command === deploy || command === rollback) await withDeployLock(DEPLOY_LOCK, `a ${process.argv[2]}`, command)
  else await command()
} catch (error) {
  console.error(`\nnode deploy/stack.mjs ${process.argv[2]} failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
