// The stack's services: Debian's packages, PostgreSQL, Redis and the app instances; nginx in front: stackFront.mjs.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { backupDirFrom } from '../../scripts/lib/backupArchives.mjs'
import { ensureDebianPackages, ROOT } from '../../scripts/lib/bootstrap.mjs'
import {
  APP_START_TIMEOUT_MS,
  BACKUP_INTERVAL_HOURS,
  DATABASE_NAME,
  DATABASE_URL,
  FRONT_URL,
  LOG_DIR,
  NGINX,
  NGINX_BROTLI_STATIC_MODULE,
  NGINX_BROTLI_STATIC_PACKAGE,
  OPENSSL,
  PG_DATA,
  PG_DIR,
  PG_PORT,
  POSTGRES_ROOT,
  REDIS_DIR,
  REDIS_PORT,
  REDIS_SERVER,
  REDIS_URL,
  SERVICE_START_TIMEOUT_MS,
  TLS_CERT,
  UPLOADS_DIR,
} from './config.mjs'
import { answersOk, isRunning, portAnswers, spawnDetached, systemUser, waitUntil } from './processes.mjs'
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
