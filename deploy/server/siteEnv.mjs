// What install writes into a server's settings file (/etc/site/site.env), which systemd hands the
// instances (EnvironmentFile=), sh sources for the migrations and restores (layout.mjs, docs/servers.md),
// and the scripts' own loader reads (scripts/lib/bootstrap.mjs).
import { randomBytes } from 'node:crypto'
import { ACME_SETTINGS, acmeSettings } from '../lib/acme.mjs'
import { commaList } from '../lib/commaList.mjs'
import { SERVER_LAYOUT } from './layout.mjs'

/**
 * The mail settings install takes from its environment (`SMTP_URL=… MAIL_FROM=… node
 * deploy/server/install.mjs …`), not from its command line: SMTP_URL holds a password, and any local
 * user can read a command line in /proc.
 */
export const MAIL_SETTINGS = ['SMTP_URL', 'MAIL_FROM']

/**
 * The settings of services other servers share, which install takes from its environment as it takes
 * the mail's (`DATABASE_URL=… REDIS_URL=… node deploy/server/install.mjs …`): each URL holds a
 * password. Given one, install makes no local service of that kind; every server of one site must
 * also share its PAYLOAD_SECRET (it signs the admins' sessions) and, for uploads, its S3 bucket.
 */
export const SHARED_SERVICE_URLS = [
  { name: 'DATABASE_URL', service: 'database', protocols: ['postgres:', 'postgresql:'] },
  { name: 'REDIS_URL', service: 'redis', protocols: ['redis:', 'rediss:'] },
]
/** The other shared settings install takes from its environment: the secret and the bucket (docs/servers.md). */
export const SHARED_SETTINGS = [
  'PAYLOAD_SECRET',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
]
/**
 * The setting of site.env that names the services this server takes from elsewhere (`database`,
 * `redis`, comma-separated): a rerun of install without them in its environment still makes no
 * local one. Absent on a server that runs its own (as every server installed before it).
 */
export const SHARED_SERVICES_SETTING = 'SHARED_SERVICES'

/** A value every reader of the file takes as it is, unquoted. */
const PLAIN_VALUE = /^[\w@%+=:,./-]*$/
/** What no quoting carries the same way to sh, systemd and the scripts' loader. */
const UNQUOTABLE = /['\\\u0000-\u001f\u007f]/

const secret = () => randomBytes(24).toString('hex')

/**
 * `value` as the file holds it: single-quoted when it has anything a shell would act on (`&`, `?`, `$`, a space).
 * @param {string} name
 * @param {string} value
 * @returns {string}
 */
function fileValue(name, value) {
  if (PLAIN_VALUE.test(value)) return value
  if (UNQUOTABLE.test(value))
    throw new Error(
      `${name} may not hold a quote, a backslash or a line break: percent-encode them in the URL (%27, %5C)`,
    )
  return `'${value}'`
}

/**
 * The mail settings the environment gives, ready for the file; empty ones are left out.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function mailSettingsFrom(env) {
  return Object.fromEntries(
    MAIL_SETTINGS.flatMap((name) => {
      const value = env[name]?.trim()
      return value ? [[name, fileValue(name, value)]] : []
    }),
  )
}

/**
 * The ACME settings a run of install names, ready for the file, or {} when it names none: with
 * --acme, --staging or ACME_DIRECTORY_URL in its environment it uses ACME, and the directory it
 * asks (Let's Encrypt's production one unless told) goes into the file with ACME_EMAIL and
 * ACME_CA_FILE when given, for site-certificate.service, which renews with them. Checked here,
 * before install changes anything.
 * @param {Record<string, string | undefined>} env
 * @param {{ acme?: boolean, staging?: boolean }} [options]
 * @returns {Record<string, string>}
 */
export function acmeSettingsFrom(env, { acme = false, staging = false } = {}) {
  if (!acme && !staging && !env.ACME_DIRECTORY_URL?.trim()) return {}
  const settings = acmeSettings(env, { staging })
  return Object.fromEntries(
    ACME_SETTINGS.flatMap(({ env: name, field }) => {
      const value = settings[field]
      return value ? [[name, fileValue(name, value)]] : []
    }),
  )
}

/**
 * `value` checked as a URL of one of `protocols` naming a host: a clear error naming `name` when not.
 * @param {string} name
 * @param {string} value
 * @param {string[]} protocols
 */
function checkServiceUrl(name, value, protocols) {
  /** @type {URL} */
  let url
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} is not a URL: expected ${protocols[0]}//user:password@host:port/…`)
  }
  if (!protocols.includes(url.protocol))
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, not ${url.protocol}//`)
  if (!url.hostname) throw new Error(`${name} names no host: expected ${protocols[0]}//user:password@host:port/…`)
}

/**
 * The shared services' settings the environment gives (SHARED_SERVICE_URLS, SHARED_SETTINGS),
 * checked and ready for the file, with SHARED_SERVICES naming the services given; {} when none.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function sharedSettingsFrom(env) {
  /** @type {Record<string, string>} */
  const settings = {}
  const services = []
  for (const { name, service, protocols } of SHARED_SERVICE_URLS) {
    const value = env[name]?.trim()
    if (!value) continue
    checkServiceUrl(name, value, protocols)
    settings[name] = fileValue(name, value)
    services.push(service)
  }
  for (const name of SHARED_SETTINGS) {
    const value = env[name]?.trim()
    if (value) settings[name] = fileValue(name, value)
  }
  if (services.length) settings[SHARED_SERVICES_SETTING] = services.join(',')
  return settings
}

/**
 * The services (`database`, `redis`) the settings take from another host, so that install makes
 * and starts none of its own for them.
 * @param {Record<string, string | undefined>} values
 * @returns {Set<string>}
 */
export const sharedServices = (values) => new Set(commaList(values[SHARED_SERVICES_SETTING] ?? ''))

/**
 * A value of the file as its readers take it (a single-quoted one without its quotes).
 * @param {string | undefined} value
 * @returns {string | undefined}
 */
export const unquoted = (value) => /^'(.*)'$/.exec(value ?? '')?.[1] ?? value

/**
 * The settings the instances read, keeping every value a previous run or the operator wrote; the
 * mail, ACME and shared services' settings taken from the environment (`mail`, `acme`, `shared`:
 * sharedSettingsFrom), when given, replace the file's: a run that names them means them. A password
 * is made only for a local service the file does not name yet. `trustProxy`: the fronts whose
 * X-Forwarded-For the instances believe (TRUST_PROXY), when the run names them.
 * @param {Record<string, string>} existing
 * @param {{ domain: string, mail?: Record<string, string>, acme?: Record<string, string>, shared?: Record<string, string>, trustProxy?: string }} wanted
 * @returns {{ databasePassword: string | undefined, redisPassword: string | undefined, values: Record<string, string> }}
 */
export function siteSettings(existing, { domain, mail = {}, acme = {}, shared = {}, trustProxy }) {
  const sharedBefore = sharedServices(existing)
  const sharedNow = sharedServices(shared)
  const services = [...new Set([...sharedBefore, ...sharedNow])]
  const databasePassword = existing.DATABASE_URL || shared.DATABASE_URL ? undefined : secret()
  const redisPassword = existing.REDIS_URL || shared.REDIS_URL ? undefined : secret()
  return {
    databasePassword,
    redisPassword,
    values: {
      PAYLOAD_SECRET: secret(),
      SERVER_URL: `https://${domain}`,
      DATA_DIR: SERVER_LAYOUT.dataDir,
      DATABASE_URL: `postgres://${SERVER_LAYOUT.user}:${databasePassword}@127.0.0.1:5432/${SERVER_LAYOUT.database}`,
      REDIS_URL: `redis://:${redisPassword}@127.0.0.1:6379`,
      TRUST_PROXY: '127.0.0.1',
      // Where the backups go, for every reader of this file: a restore run with it keeps its copy there.
      BACKUP_DIR: SERVER_LAYOUT.backupDir,
      ...existing,
      ...mail,
      ...acme,
      ...shared,
      ...(services.length ? { [SHARED_SERVICES_SETTING]: services.join(',') } : {}),
      ...(trustProxy ? { TRUST_PROXY: fileValue('TRUST_PROXY', trustProxy) } : {}),
    },
  }
}

/**
 * The settings file's text.
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function envFileText(values) {
  const lines = Object.entries(values).map(([name, value]) => `${name}=${value}`)
  return `# The site's settings and secrets (see .env.example). Readable by root and the site only.\n${lines.join('\n')}\n`
}

/**
 * The warning install ends with while the settings name no mail server, or null when they name one.
 * @param {Record<string, string | undefined>} values
 * @param {{ envFile: string, dataDir: string, current: string }} [layout]
 * @returns {string | null}
 */
export function mailWarning(values, { envFile, dataDir, current } = SERVER_LAYOUT) {
  if (values.SMTP_URL) return null
  return (
    `> Warning: no SMTP_URL, so the site's mail (contact requests, confirmations, password resets) is only written to\n` +
    `  ${dataDir}/outbox and nobody receives it. Set SMTP_URL and MAIL_FROM in ${envFile} (docs/email.md), run\n` +
    '  `systemctl restart site.target`, and check with\n' +
    `  cd ${current} && npm run mail:test -- you@example.com --env-file ${envFile}`
  )
}
