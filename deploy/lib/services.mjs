// The stack's services: Debian's packages, PostgreSQL, Redis, the app instances and nginx.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { backupDirFrom } from '../../scripts/lib/backupArchives.mjs'
import { ensureDebianPackages, ROOT, run } from '../../scripts/lib/bootstrap.mjs'
import {
  ACME_DIR,
  APP_PORTS,
  APP_START_TIMEOUT_MS,
  BACKUP_INTERVAL_HOURS,
  DATABASE_NAME,
  DATABASE_URL,
  FRONT_HTTPS_PORT,
  FRONT_PORT,
  FRONT_URL,
  LOG_DIR,
  NGINX,
  NGINX_BROTLI_STATIC_MODULE,
  NGINX_BROTLI_STATIC_PACKAGE,
  MEDIA_DIR,
  NGINX_ARGS,
  NGINX_CONF,
  NGINX_RELOAD_SETTLE_MS,
  OPENSSL,
  OWN_TLS_FILES,
  PG_DATA,
  PG_DIR,
  PG_PORT,
  POSTGRES_ROOT,
  REDIS_DIR,
  REDIS_PORT,
  REDIS_SERVER,
  REDIS_URL,
  SELF_SIGNED_DAYS,
  SERVICE_START_TIMEOUT_MS,
  STATE_DIR,
  STATIC_DIR,
  TLS_CERT,
  TLS_DIR,
  TLS_KEY,
  UPLOADS_DIR,
} from './config.mjs'
import {
  answersOk,
  isRunning,
  pidWrittenIn,
  portAnswers,
  recordOf,
  sleep,
  spawnDetached,
  systemUser,
  waitUntil,
} from './processes.mjs'
import { nginxConfText } from './nginxConf.mjs'
import { currentRelease } from './releases.mjs'

// ---- system packages ------------------------------------------------------------------------

/** What the stack runs on, as `[a file the package installs, the package]` (ensureDebianPackages). */
/** @type {[file: string, pkg: string][]} */
export const STACK_PACKAGES = [
  [NGINX, 'nginx'],
  [NGINX_BROTLI_STATIC_MODULE, NGINX_BROTLI_STATIC_PACKAGE],
  [POSTGRES_ROOT, 'postgresql'],
  [REDIS_SERVER, 'redis-server'],
  [OPENSSL, 'openssl'],
]

export const ensureSystemPackages = () => ensureDebianPackages(STACK_PACKAGES)

// ---- services -------------------------------------------------------------------------------

/**
 * @param {string} program
 * @returns {string}
 */
export function postgresBin(program) {
  const versions = fs.readdirSync(POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a))
  return path.join(POSTGRES_ROOT, versions[0], 'bin', program)
}

export async function startPostgres() {
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
  const psql = (/** @type {string} */ sql) =>
    execFileSync(postgresBin('psql'), ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-tAc', sql], {
      encoding: 'utf8',
    }).trim()
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE_NAME}'`) !== '1') {
    psql(`CREATE DATABASE ${DATABASE_NAME}`)
  }
  return record
}

export async function startRedis() {
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

/**
 * @param {number} port
 * @returns {NodeJS.ProcessEnv}
 */
export function appEnv(port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL,
    REDIS_URL,
    DATA_DIR: UPLOADS_DIR,
    // Where the stack's backups go (launchBackups, from the checkout), for /metrics' backup age.
    BACKUP_DIR: backupDirFrom(process.env, ROOT),
    // The certificate nginx serves, for /metrics' days left.
    TLS_CERT_FILE: TLS_CERT,
    SERVER_URL: FRONT_URL,
    // The instances see every request through nginx on loopback.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    PORT: String(port),
  }
}

/**
 * An app instance under the stack's supervisor (deploy/supervise.mjs), which starts it again if it
 * ends and writes its output to logs/app-<port>.log, kept under LOG_MAX_BYTES.
 * @param {number} port
 * @param {string} [releaseDir]
 * @returns {import('./processes.mjs').ProcessRecord}
 */
export function launchApp(port, releaseDir = currentRelease()) {
  const name = `app-${port}`
  return spawnDetached(
    name,
    process.execPath,
    ['deploy/supervise.mjs', '--log', path.join(LOG_DIR, `${name}.log`), '--', process.execPath, 'scripts/serve.mjs'],
    { env: appEnv(port), cwd: releaseDir },
  )
}

/**
 * The stack's backup schedule: `scripts/backup.mjs --stack --every N`, which backs up whenever
 * the newest archive is N hours old (at once when there is none). Null when switched off (0).
 */
export function launchBackups() {
  if (!(BACKUP_INTERVAL_HOURS > 0)) return null
  return spawnDetached('backups', process.execPath, [
    'scripts/backup.mjs',
    '--stack',
    '--every',
    String(BACKUP_INTERVAL_HOURS),
  ])
}

/**
 * @param {number} port
 * @param {import('./processes.mjs').ProcessRecord} record
 */
export async function waitForApp(port, record) {
  await waitUntil(
    async () => {
      if (!isRunning(record)) throw new Error(`the app on port ${port} ended; see ${LOG_DIR}/app-${port}.log`)
      return answersOk(`http://127.0.0.1:${port}/api/health`)
    },
    APP_START_TIMEOUT_MS,
    `the app answering /api/health on port ${port}`,
  )
}

// ---- the front's certificate ----------------------------------------------------------------

/**
 * The operator's own certificate and key (STACK_TLS_CERT, STACK_TLS_KEY), or else a self-signed one
 * for 127.0.0.1 and localhost, made once in STATE_DIR/tls and kept for later starts.
 */
export function ensureTlsCertificate() {
  if (OWN_TLS_FILES) {
    for (const file of [TLS_CERT, TLS_KEY]) {
      if (!fs.existsSync(file)) throw new Error(`${file} (STACK_TLS_CERT / STACK_TLS_KEY) does not exist`)
    }
    return
  }
  if (fs.existsSync(TLS_CERT) && fs.existsSync(TLS_KEY)) return
  console.log('> Making a self-signed certificate for 127.0.0.1 and localhost…')
  fs.mkdirSync(TLS_DIR, { recursive: true })
  // P-256: the quickest handshake of the keys every client takes.
  run(
    OPENSSL,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', TLS_KEY, '-out', TLS_CERT, '-days', String(SELF_SIGNED_DAYS), '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-addext', 'extendedKeyUsage=serverAuth'],
    ],
    { stdio: 'pipe' },
  )
  fs.chmodSync(TLS_KEY, 0o600)
}

/**
 * Whether the front answers `pathname` with a 2xx over https. The stack's own certificate is
 * checked; the operator's names the server, not the 127.0.0.1 asked here, so it is not.
 * @param {string} pathname
 * @returns {Promise<boolean>}
 */
export function frontAnswersOk(pathname) {
  const tls = OWN_TLS_FILES ? { rejectUnauthorized: false } : { ca: fs.readFileSync(TLS_CERT) }
  return new Promise((resolve) => {
    const request = https.get(`${FRONT_URL}${pathname}`, { ...tls, timeout: 5_000 }, (response) => {
      response.resume()
      const status = response.statusCode ?? 0
      resolve(status >= 200 && status < 300)
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(false))
  })
}

/**
 * Renders nginx.conf; the instances on the `down` ports get no new request (a deploy is replacing them).
 * @param {{ down?: number[] }} [options]
 */
export function renderNginxConf({ down = [] } = {}) {
  const conf = nginxConfText({
    asRoot: process.getuid?.() === 0,
    listenAddresses: ['127.0.0.1:'],
    port: FRONT_PORT,
    httpsPort: FRONT_HTTPS_PORT,
    tlsCert: TLS_CERT,
    tlsKey: TLS_KEY,
    acmeDir: ACME_DIR,
    staticDir: STATIC_DIR,
    prefixDir: STATE_DIR,
    mediaDir: MEDIA_DIR,
    // The instances inherit this shell's settings (appEnv), S3_BUCKET among them.
    uploadsInBucket: Boolean(process.env.S3_BUCKET?.trim()),
    appPorts: APP_PORTS,
    down,
  })
  fs.writeFileSync(NGINX_CONF, conf)
}

/**
 * Applies a new nginx.conf without a stop: checked first, then nginx's new workers take new
 * requests while the old ones finish theirs. Waits until the new workers can have started.
 * @param {{ down?: number[] }} [options]
 */
export async function reloadNginx(options) {
  renderNginxConf(options)
  run(NGINX, ['-t', '-q', ...NGINX_ARGS])
  run(NGINX, [...NGINX_ARGS, '-s', 'reload'])
  await sleep(NGINX_RELOAD_SETTLE_MS)
}

export async function startNginx() {
  for (const dir of ['nginx', 'cache']) fs.mkdirSync(path.join(STATE_DIR, dir), { recursive: true })
  fs.mkdirSync(ACME_DIR, { recursive: true })
  ensureTlsCertificate()
  renderNginxConf()
  run(NGINX, ['-t', '-q', ...NGINX_ARGS])
  const pidFile = path.join(STATE_DIR, 'nginx.pid')
  fs.rmSync(pidFile, { force: true })
  // nginx puts itself in the background and writes its pid file.
  run(NGINX, NGINX_ARGS)
  await waitUntil(() => pidWrittenIn(pidFile) > 0, SERVICE_START_TIMEOUT_MS, 'nginx writing its pid file')
  return recordOf(pidWrittenIn(pidFile))
}
