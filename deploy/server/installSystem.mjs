// What the server install (install.mjs) sets up in the system: its commands, the site's user, the
// settings file, the database and Redis's password, and the systemd units.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { NGINX_BROTLI_STATIC_PACKAGE } from '../lib/config.mjs'
import { STACK_PACKAGES } from '../lib/services.mjs'
import { createRoleCall, LOCAL_SERVICE_UNITS, SERVER_LAYOUT, unitFiles } from './layout.mjs'
import { envFileText } from './siteEnv.mjs'

const REDIS_CONF = '/etc/redis/redis.conf'
/** The PostgreSQL tools alone, for the backups and restores of a database on another host. */
const POSTGRES_CLIENT_PACKAGE = 'postgresql-client'
/** What rotates the instances' logs (deploy/logrotate/site): named, since no other package may bring it on a server without a front or database. */
const LOGROTATE_PACKAGE = 'logrotate'

/**
 * The Debian packages a server's install asks for (every one, so that a rerun upgrades them): the
 * stack's own and logrotate, less the front's nginx on a server without a front, and with
 * PostgreSQL's tools alone in place of the server, and no Redis, where another host runs them
 * (`shared`: `database`, `redis`).
 * @param {{ front: boolean, shared: Set<string> }} server
 * @returns {string[]}
 */
export function debianPackages({ front, shared }) {
  const left = new Set([
    ...(front ? [] : ['nginx', NGINX_BROTLI_STATIC_PACKAGE]),
    ...(shared.has('database') ? ['postgresql'] : []),
    ...(shared.has('redis') ? ['redis-server'] : []),
  ])
  return [
    ...STACK_PACKAGES.map(([, pkg]) => pkg).filter((pkg) => !left.has(pkg)),
    ...(shared.has('database') ? [POSTGRES_CLIENT_PACKAGE] : []),
    LOGROTATE_PACKAGE,
  ]
}

/**
 * The units of this machine's own database and Redis, which the instances start after: those it runs.
 * @param {Set<string>} shared
 */
export const localServiceUnits = (shared) =>
  Object.entries(LOCAL_SERVICE_UNITS).flatMap(([service, unit]) => (shared.has(service) ? [] : [unit]))

/**
 * Runs `command`, its output shown; throws when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
  return result
}

/**
 * @param {string} command
 * @param {string[]} args
 */
const output = (command, args) => spawnSync(command, args, { encoding: 'utf8' }).stdout?.trim() ?? ''

/**
 * @param {string} user
 * @param {string} home
 */
export function ensureUser(user, home) {
  if (spawnSync('id', ['-u', user]).status === 0) return
  run('useradd', ['--system', '--home-dir', home, '--shell', '/usr/sbin/nologin', user])
}

/**
 * Reads the settings file into an object, or {} when there is none yet.
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function readEnvFile(file) {
  if (!fs.existsSync(file)) return {}
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line)
      return match ? [[match[1], match[2]]] : []
    })
  return Object.fromEntries(entries)
}

/**
 * @param {string} file
 * @param {Record<string, string>} values
 */
export function writeEnvFile(file, values) {
  fs.writeFileSync(file, envFileText(values))
  run('chown', [`root:${SERVER_LAYOUT.user}`, file])
  fs.chmodSync(file, 0o640)
}

/** @param {string | undefined} password */
export function ensureDatabase(password) {
  const psql = (/** @type {string} */ sql) => output('runuser', ['-u', 'postgres', '--', 'psql', '-tAc', sql])
  const { user, database } = SERVER_LAYOUT
  if (psql(`SELECT 1 FROM pg_roles WHERE rolname = '${user}'`) !== '1') {
    if (!password) throw new Error(`the settings name a database, but PostgreSQL has no role ${user}`)
    const createRole = createRoleCall({ user, password })
    run(createRole.command, createRole.args, { input: createRole.input, stdio: ['pipe', 'inherit', 'inherit'] })
  }
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`) !== '1')
    run('runuser', ['-u', 'postgres', '--', 'createdb', '--owner', user, database])
}

/** @param {string | undefined} password */
export function ensureRedisPassword(password) {
  if (!password) return
  const conf = fs.readFileSync(REDIS_CONF, 'utf8').replace(/^requirepass .*$/m, '')
  fs.writeFileSync(REDIS_CONF, `${conf.trimEnd()}\nrequirepass ${password}\n`)
  run('systemctl', ['restart', 'redis-server'])
}

/**
 * Writes the units for `ports` into `dir`; returns their names.
 * @param {string} dir
 * @param {Parameters<typeof unitFiles>[0]} options
 * @returns {string[]}
 */
export function writeUnits(dir, options) {
  fs.mkdirSync(dir, { recursive: true })
  const units = unitFiles(options)
  for (const [name, text] of Object.entries(units)) fs.writeFileSync(path.join(dir, name), text)
  return Object.keys(units)
}
