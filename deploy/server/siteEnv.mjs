// What install writes into a server's settings file (/etc/site/site.env), which systemd hands the
// instances (EnvironmentFile=), sh sources for the migrations and restores (layout.mjs, docs/servers.md),
// and the scripts' own loader reads (scripts/lib/bootstrap.mjs).
import { randomBytes } from 'node:crypto'
import { ACME_SETTINGS, acmeSettings } from '../lib/acme.mjs'
import { SERVER_LAYOUT } from './layout.mjs'

/**
 * The mail settings install takes from its environment (`SMTP_URL=… MAIL_FROM=… node
 * deploy/server/install.mjs …`), not from its command line: SMTP_URL holds a password, and any local
 * user can read a command line in /proc.
 */
export const MAIL_SETTINGS = ['SMTP_URL', 'MAIL_FROM']

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
 * A value of the file as its readers take it (a single-quoted one without its quotes).
 * @param {string | undefined} value
 * @returns {string | undefined}
 */
export const unquoted = (value) => /^'(.*)'$/.exec(value ?? '')?.[1] ?? value

/**
 * The settings the instances read, keeping every value a previous run or the operator wrote; the
 * mail and ACME settings taken from the environment (`mail`, `acme`), when given, replace the
 * file's: a run that names them means them.
 * @param {Record<string, string>} existing
 * @param {{ domain: string, mail?: Record<string, string>, acme?: Record<string, string> }} wanted
 * @returns {{ databasePassword: string | undefined, redisPassword: string | undefined, values: Record<string, string> }}
 */
export function siteSettings(existing, { domain, mail = {}, acme = {} }) {
  const databasePassword = existing.DATABASE_URL ? undefined : secret()
  const redisPassword = existing.REDIS_URL ? undefined : secret()
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
