// The production stack on one machine: PostgreSQL, Redis, N app instances and the nginx front,
// everything on loopback and under one state folder.
//   node deploy/stack.mjs start   (again while running: says so)
//   node deploy/stack.mjs stop    (again when stopped: says so)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import {
  ensureBuilt,
  ensureEnvFile,
  filesUnder,
  loadEnvFile,
  ROOT,
  run,
  setUpDatabase,
} from '../scripts/lib/bootstrap.mjs'

const NGINX = '/usr/sbin/nginx'
const POSTGRES_ROOT = '/usr/lib/postgresql'
const REDIS_SERVER = '/usr/bin/redis-server'

const STATE_DIR = path.resolve(ROOT, process.env.STACK_DIR || '.tmp/stack')
const FRONT_PORT = Number(process.env.STACK_PORT || 8080)
const APP_PORTS = (process.env.STACK_APP_PORTS || '3001,3002').split(',').map(Number)
const PG_PORT = Number(process.env.STACK_PG_PORT || 5433)
const REDIS_PORT = Number(process.env.STACK_REDIS_PORT || 6380)

const STATE_FILE = path.join(STATE_DIR, 'stack.json')
const LOG_DIR = path.join(STATE_DIR, 'logs')
const PG_DIR = path.join(STATE_DIR, 'postgres')
const PG_DATA = path.join(PG_DIR, 'data')
const REDIS_DIR = path.join(STATE_DIR, 'redis')
const UPLOADS_DIR = path.join(STATE_DIR, 'data')
const NGINX_CONF = path.join(STATE_DIR, 'nginx.conf')
const NGINX_ARGS = ['-p', `${STATE_DIR}/`, '-c', NGINX_CONF, '-e', path.join(LOG_DIR, 'nginx-error.log')]
const STATIC_DIR = path.join(ROOT, '.next', 'static')
const TEMPLATE = path.join(ROOT, 'deploy', 'nginx.conf.template')

const DATABASE_NAME = 'site'
const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/${DATABASE_NAME}`
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`
const FRONT_URL = `http://127.0.0.1:${FRONT_PORT}`

/** Files nginx serves precompressed (gzip_static); images and fonts are compressed already. */
const PRECOMPRESSED = /\.(js|css|svg|json|txt)$/
const APP_START_TIMEOUT_MS = 180_000
const SERVICE_START_TIMEOUT_MS = 30_000
/** How long each process gets to end by itself before it is stopped harder. */
const STOP_TIMEOUT_MS = 20_000

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---- processes ------------------------------------------------------------------------------

/** State and start time of a process (/proc/<pid>/stat), or null when there is none. */
function processInfo(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0], started: fields[19] }
  } catch {
    return null
  }
}

/** A pid with its start time, so that a later process given the same pid is not taken for it. */
function recordOf(pid) {
  return { pid, started: processInfo(pid)?.started ?? null }
}

function isRunning(record) {
  const info = record && processInfo(record.pid)
  return Boolean(info && info.state !== 'Z' && info.started === record.started)
}

async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(200)
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`)
}

/** Starts a long-running process in its own session, its output appended to logs/<name>.log. */
function spawnDetached(name, command, args, options = {}) {
  const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a')
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', log, log], ...options })
  fs.closeSync(log)
  child.unref()
  return recordOf(child.pid)
}

/** Sends a signal, then waits for the process to end; true when it did. */
async function signalAndWait(record, signal, timeoutMs, group = false) {
  if (!isRunning(record)) return true
  try {
    process.kill(group ? -record.pid : record.pid, signal)
  } catch {
    return !isRunning(record)
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isRunning(record)) return true
    await sleep(100)
  }
  return false
}

/** The gentle signal first, then harder ones, each given its time. */
async function stopProcess(name, record, signals, { group = false } = {}) {
  if (!isRunning(record)) return
  for (const signal of signals) {
    if (await signalAndWait(record, signal, STOP_TIMEOUT_MS, group)) {
      console.log(`> Stopped ${name} (pid ${record.pid}).`)
      return
    }
    console.log(`> ${name} (pid ${record.pid}) still runs after ${signal}…`)
  }
  await signalAndWait(record, 'SIGKILL', STOP_TIMEOUT_MS, group)
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function answersOk(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok
  } catch {
    return false
  }
}

/** Run as root, a service runs as its own system user (PostgreSQL refuses to run as root). */
function systemUser(name) {
  if (process.getuid?.() !== 0) return undefined
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' })))
  return { uid, gid }
}

// ---- state ----------------------------------------------------------------------------------

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'))
  } catch {
    return null
  }
}

function writeState(state) {
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`)
}

const recordsOf = (state) =>
  [state.processes.nginx, ...(state.processes.apps ?? []), state.processes.postgres, state.processes.redis].filter(
    Boolean,
  )

// ---- system packages ------------------------------------------------------------------------

function aptInstall(packages) {
  const aptEnv = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
  const apt = (...args) =>
    process.getuid?.() === 0 ? run('apt-get', args, aptEnv) : run('sudo', ['apt-get', ...args], aptEnv)
  apt('update')
  apt('install', '-y', '--no-install-recommends', ...packages)
}

function ensureSystemPackages() {
  const missing = []
  if (!fs.existsSync(NGINX)) missing.push('nginx')
  if (!fs.existsSync(POSTGRES_ROOT)) missing.push('postgresql')
  if (!fs.existsSync(REDIS_SERVER)) missing.push('redis-server')
  if (!missing.length) return
  console.log(`> Installing ${missing.join(', ')} from Debian's packages…`)
  aptInstall(missing)
}

// ---- services -------------------------------------------------------------------------------

function postgresBin(program) {
  const versions = fs.readdirSync(POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a))
  return path.join(POSTGRES_ROOT, versions[0], 'bin', program)
}

async function startPostgres() {
  const user = systemUser('postgres')
  if (!fs.existsSync(path.join(PG_DATA, 'PG_VERSION'))) {
    console.log('> Creating the PostgreSQL cluster…')
    fs.mkdirSync(PG_DIR, { recursive: true })
    if (user) fs.chownSync(PG_DIR, user.uid, user.gid)
    execFileSync(
      postgresBin('initdb'),
      ['-D', PG_DATA, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      { stdio: 'pipe', ...user },
    )
  }
  const record = spawnDetached(
    'postgres',
    postgresBin('postgres'),
    [
      ...['-D', PG_DATA, '-p', String(PG_PORT)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${PG_DIR}`],
    ],
    user,
  )
  const ready = () =>
    spawnSync(postgresBin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(PG_PORT)]).status === 0
  await waitUntil(ready, SERVICE_START_TIMEOUT_MS, `PostgreSQL answering on port ${PG_PORT}`)
  const psql = (sql) =>
    execFileSync(postgresBin('psql'), ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-tAc', sql], {
      encoding: 'utf8',
    }).trim()
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE_NAME}'`) !== '1') {
    psql(`CREATE DATABASE ${DATABASE_NAME}`)
  }
  return record
}

async function startRedis() {
  // No persistence: Redis holds only what the instances share for a while (fan-out, counters).
  fs.mkdirSync(REDIS_DIR, { recursive: true })
  const user = systemUser('redis')
  if (user) fs.chownSync(REDIS_DIR, user.uid, user.gid)
  const record = spawnDetached(
    'redis',
    REDIS_SERVER,
    [
      ...['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--dir', REDIS_DIR],
      ...['--save', '', '--appendonly', 'no', '--maxmemory', '256mb', '--maxmemory-policy', 'volatile-lru'],
    ],
    user,
  )
  await waitUntil(() => portAnswers(REDIS_PORT), SERVICE_START_TIMEOUT_MS, `Redis answering on port ${REDIS_PORT}`)
  return record
}

function appEnv(port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL,
    REDIS_URL,
    DATA_DIR: UPLOADS_DIR,
    SERVER_URL: FRONT_URL,
    // The instances see every request through nginx on loopback.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    PORT: String(port),
  }
}

function launchApp(port) {
  return spawnDetached(`app-${port}`, process.execPath, ['scripts/serve.mjs'], { env: appEnv(port) })
}

async function waitForApp(port, record) {
  await waitUntil(
    async () => {
      if (!isRunning(record)) throw new Error(`the app on port ${port} ended; see ${LOG_DIR}/app-${port}.log`)
      return answersOk(`http://127.0.0.1:${port}/api/health`)
    },
    APP_START_TIMEOUT_MS,
    `the app answering /api/health on port ${port}`,
  )
}

/** Writes a .gz beside each text file of the build (again when the file changed), for gzip_static. */
function precompressStatic() {
  let written = 0
  for (const file of filesUnder(STATIC_DIR)) {
    if (!PRECOMPRESSED.test(file)) continue
    const source = fs.statSync(file)
    const gz = `${file}.gz`
    if (fs.existsSync(gz) && fs.statSync(gz).mtimeMs === source.mtimeMs) continue
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(file), { level: 9 }))
    // The same date as the file, so Last-Modified does not depend on which copy is sent.
    fs.utimesSync(gz, source.atime, source.mtime)
    written += 1
  }
  if (written) console.log(`> Precompressed ${written} files in .next/static.`)
}

function renderNginxConf() {
  // Run as root, nginx's workers run as Debian's web server user.
  const workerUser =
    process.getuid?.() === 0 ? 'user www-data;' : '# Not started as root: the workers run as this user.'
  const upstreams = APP_PORTS.map((port) => `        server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
  const values = {
    USER: workerUser,
    PORT: String(FRONT_PORT),
    STATIC_DIR,
    UPSTREAM_SERVERS: upstreams.join('\n'),
  }
  const conf = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${TEMPLATE} names {{${name}}}, which the stack does not fill`)
    return values[name]
  })
  fs.writeFileSync(NGINX_CONF, conf)
}

async function startNginx() {
  for (const dir of ['nginx', 'cache']) fs.mkdirSync(path.join(STATE_DIR, dir), { recursive: true })
  renderNginxConf()
  run(NGINX, ['-t', '-q', ...NGINX_ARGS])
  const pidFile = path.join(STATE_DIR, 'nginx.pid')
  fs.rmSync(pidFile, { force: true })
  // nginx puts itself in the background and writes its pid file.
  run(NGINX, NGINX_ARGS)
  await waitUntil(() => fs.existsSync(pidFile), SERVICE_START_TIMEOUT_MS, 'nginx writing its pid file')
  return recordOf(Number(fs.readFileSync(pidFile, 'utf8')))
}

// ---- commands -------------------------------------------------------------------------------

function printUrls() {
  console.log(`
> Front (nginx):  ${FRONT_URL}   admin: ${FRONT_URL}/admin
> App instances:  ${APP_PORTS.map((port) => `http://127.0.0.1:${port}`).join(', ')}
> PostgreSQL:     ${DATABASE_URL}
> Redis:          ${REDIS_URL}
> State and logs: ${path.relative(ROOT, STATE_DIR) || STATE_DIR}   (stop: node deploy/stack.mjs stop)
`)
}

async function refuseBusyPorts() {
  const ports = [FRONT_PORT, ...APP_PORTS, PG_PORT, REDIS_PORT]
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
  if (!process.env.PAYLOAD_SECRET) ensureEnvFile(FRONT_PORT)
  loadEnvFile()

  // Recorded as each process starts, so that `stop` also ends a start that failed halfway.
  const state = {
    ports: { front: FRONT_PORT, apps: APP_PORTS, postgres: PG_PORT, redis: REDIS_PORT },
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
    ensureBuilt()
    console.log(`> Starting ${APP_PORTS.length} app instances…`)
    state.processes.apps = APP_PORTS.map(launchApp)
    writeState(state)
    await Promise.all(APP_PORTS.map((port, i) => waitForApp(port, state.processes.apps[i])))
    precompressStatic()
    state.processes.nginx = await startNginx()
    writeState(state)
    await waitUntil(() => answersOk(`${FRONT_URL}/api/health`), SERVICE_START_TIMEOUT_MS, 'the front answering')
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
  const { nginx, apps = [], postgres, redis } = state.processes
  // Front first, so that no request reaches an instance that is stopping; the database last.
  if (isRunning(nginx)) {
    // -s quit: finish the requests in flight (worker_shutdown_timeout ends open event streams).
    spawnSync(NGINX, [...NGINX_ARGS, '-s', 'quit'], { stdio: 'inherit' })
    await stopProcess('nginx', nginx, ['SIGQUIT', 'SIGTERM'])
  }
  // An instance is its own process group, so that a stop reaches anything it started.
  await Promise.all(apps.map((app, i) => stopProcess(`app ${i + 1}`, app, ['SIGTERM'], { group: true })))
  // SIGTERM is PostgreSQL's smart shutdown (the instances are gone, so it ends at once); SIGINT
  // is the fast one, should a client still hang on.
  await stopProcess('PostgreSQL', postgres, ['SIGTERM', 'SIGINT'])
  await stopProcess('Redis', redis, ['SIGTERM'])
  fs.rmSync(STATE_FILE, { force: true })
}

const COMMANDS = { start, stop }
const command = COMMANDS[process.argv[2]]
if (!command) {
  console.error('Usage: node deploy/stack.mjs start|stop')
  process.exit(2)
}
try {
  await command()
} catch (error) {
  console.error(`\nnode deploy/stack.mjs ${process.argv[2]} failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
