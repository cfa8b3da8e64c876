// Certificates by ACME (Let's Encrypt, or any CA speaking RFC 8555) with the HTTP-01 challenge: the
// challenge's answer goes into the folder the front serves at /.well-known/acme-challenge/, the CA
// fetches it over plain HTTP, and the certificate and its key are kept in a folder only root enters.
// The server's command is deploy/server/certificate.mjs; the suite runs it against Debian's pebble.
import { randomBytes, X509Certificate } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import acme from 'acme-client'

/** A certificate with fewer days left than this is renewed (Let's Encrypt's are valid for 90). */
export const RENEW_WITHIN_DAYS = 30

/** Let's Encrypt's directories: production (the default) and staging (untrusted, generous limits, for a first try). */
export const LETS_ENCRYPT_DIRECTORIES = {
  production: acme.directory.letsencrypt.production,
  staging: acme.directory.letsencrypt.staging,
}

/** The longest any one request to the ACME server may take. */
const ACME_REQUEST_TIMEOUT_MS = 30_000
/** How the client polls a challenge or order until the CA has decided: first wait, longest wait, tries. */
export const ACME_POLL = { backoffMin: 1_000, backoffMax: 10_000, backoffAttempts: 10 }

const DAY_MS = 24 * 60 * 60 * 1000
/** A name a CA issues for: labels of letters, digits and inner hyphens, at least two of them. */
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Where in the web root the CA asks for a challenge's answer (RFC 8555, 8.3). */
export const CHALLENGE_PATH = ['.well-known', 'acme-challenge']
/** An HTTP-01 token is base64url (RFC 8555, 8.3): nothing in it can leave the challenge folder. */
const CHALLENGE_TOKEN = /^[A-Za-z0-9_-]+$/

export class AcmeSettingsError extends Error {}

/** @typedef {{ directoryUrl: string, email: string | null, caFile: string | null }} AcmeSettings */
/** @typedef {{ accountKey: string, cert: string, key: string, directory: string }} AcmeFiles */

/** The settings acmeSettings reads from the environment, each with the field of its answer it fills. */
/** @type {{ env: string, field: keyof AcmeSettings }[]} */
export const ACME_SETTINGS = [
  { env: 'ACME_DIRECTORY_URL', field: 'directoryUrl' },
  { env: 'ACME_EMAIL', field: 'email' },
  { env: 'ACME_CA_FILE', field: 'caFile' },
]

/**
 * The ACME settings from `env`: ACME_DIRECTORY_URL (Let's Encrypt's production directory when
 * unset; its staging one with `staging`), ACME_EMAIL (optional: the CA's expiry notices) and
 * ACME_CA_FILE (optional: the CA certificate that signs the ACME server's own https, for a test CA).
 * @param {Record<string, string | undefined>} env
 * @param {{ staging?: boolean }} [options]
 * @returns {AcmeSettings}
 */
export function acmeSettings(env, { staging = false } = {}) {
  const named = env.ACME_DIRECTORY_URL?.trim() || ''
  if (staging && named && named !== LETS_ENCRYPT_DIRECTORIES.staging)
    throw new AcmeSettingsError(
      `--staging asks for Let's Encrypt's staging directory, but ACME_DIRECTORY_URL names ${named}`,
    )
  const directoryUrl = named || LETS_ENCRYPT_DIRECTORIES[staging ? 'staging' : 'production']
  let url
  try {
    url = new URL(directoryUrl)
  } catch {
    throw new AcmeSettingsError(`ACME_DIRECTORY_URL is not an address: ${directoryUrl}`)
  }
  if (url.protocol !== 'https:')
    throw new AcmeSettingsError(`ACME_DIRECTORY_URL must be an https:// address (RFC 8555), not ${directoryUrl}`)
  const email = env.ACME_EMAIL?.trim() || null
  if (email && !EMAIL_ADDRESS.test(email)) throw new AcmeSettingsError(`ACME_EMAIL is not an email address: ${email}`)
  const caFile = env.ACME_CA_FILE?.trim() || null
  if (caFile && !fs.existsSync(caFile)) throw new AcmeSettingsError(`ACME_CA_FILE names no file: ${caFile}`)
  return { directoryUrl, email, caFile }
}

/**
 * Refuses what no CA issues a certificate for by HTTP-01 (an IP address, a bare name, a wildcard).
 * @param {string | undefined} domain
 */
export function checkDomain(domain) {
  if (!DOMAIN_NAME.test(domain ?? ''))
    throw new AcmeSettingsError(`not a domain name a CA validates over HTTP: ${JSON.stringify(domain)}`)
}

/**
 * Where the certificate of `domain` is kept in `certDir`: the account's key (one for every domain),
 * the certificate with its chain, its key, and the directory that issued it.
 * @param {string} certDir
 * @param {string} domain
 * @returns {AcmeFiles}
 */
export const acmeFiles = (certDir, domain) => ({
  accountKey: path.join(certDir, 'account.key'),
  cert: path.join(certDir, domain, 'fullchain.pem'),
  key: path.join(certDir, domain, 'privkey.pem'),
  directory: path.join(certDir, domain, 'directory'),
})

/**
 * Makes `dir` (and its parents) when missing, with `mode` whatever the umask.
 * @param {string} dir
 * @param {number} mode
 */
function ensureDirMode(dir, mode) {
  fs.mkdirSync(dir, { recursive: true, mode })
  fs.chmodSync(dir, mode)
}

/**
 * The folder of the challenges' answers in `webroot` (the front's acme folder), which the front's workers read.
 * @param {string} webroot
 * @returns {string}
 */
export function challengeDirIn(webroot) {
  let dir = webroot
  for (const part of CHALLENGE_PATH) ensureDirMode((dir = path.join(dir, part)), 0o755)
  return dir
}

/**
 * Writes `data` to `file` with `mode` in one step for its readers: into a new file beside it,
 * flushed to disk, then renamed over it. A reader sees the old file or the new one, never a part.
 * @param {string} file
 * @param {string | Buffer} data
 * @param {number} mode
 */
export function writeFileAtomic(file, data, mode) {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  const fd = fs.openSync(temporary, 'wx', mode)
  try {
    fs.writeFileSync(fd, data)
    fs.fchmodSync(fd, mode)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  try {
    fs.renameSync(temporary, file)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
}

/**
 * Days from `now` until the certificate in `certPem` ends (negative once it has).
 * @param {string} certPem
 * @param {number} [now]
 * @returns {number}
 */
export const daysLeft = (certPem, now = Date.now()) => (Date.parse(new X509Certificate(certPem).validTo) - now) / DAY_MS

/**
 * The certificate kept for `domain` and what the renewal reads of it, or null when there is none.
 * @param {string} certDir
 * @param {string} domain
 * @returns {(AcmeFiles & { pem: string, directoryUrl: string | null }) | null}
 */
export function keptCertificate(certDir, domain) {
  const files = acmeFiles(certDir, domain)
  if (!fs.existsSync(files.cert) || !fs.existsSync(files.key)) return null
  const pem = fs.readFileSync(files.cert, 'utf8')
  const directory = fs.existsSync(files.directory) ? fs.readFileSync(files.directory, 'utf8').trim() : null
  return { ...files, pem, directoryUrl: directory }
}

/**
 * @param {string} file
 * @returns {Promise<Buffer>}
 */
async function accountKey(file) {
  if (fs.existsSync(file)) return fs.readFileSync(file)
  const key = await acme.crypto.createPrivateEcdsaKey()
  writeFileAtomic(file, key, 0o600)
  return key
}

/**
 * Obtains a certificate for `domain` from the ACME directory in `settings` (acmeSettings). It
 * answers the CA's HTTP-01 challenge with a file under `webroot` (the folder the front serves
 * /.well-known/acme-challenge/ from, as certbot's --webroot), removed afterwards whatever the
 * outcome; keeps the certificate and its new key in `certDir` (acmeFiles: folders root's alone,
 * keys 0600); then awaits `reload`, which has the front serve them. Returns the files and the PEM.
 * @param {object} order
 * @param {string} order.domain
 * @param {AcmeSettings} order.settings
 * @param {string} order.webroot the folder the front serves /.well-known/acme-challenge/ from
 * @param {string} order.certDir
 * @param {(files: AcmeFiles) => unknown} order.reload awaited
 * @param {typeof ACME_POLL} [order.poll]
 * @returns {Promise<AcmeFiles & { pem: string }>}
 */
export async function obtainCertificate({ domain, settings, webroot, certDir, reload, poll = ACME_POLL }) {
  checkDomain(domain)
  const files = acmeFiles(certDir, domain)
  ensureDirMode(certDir, 0o700)
  ensureDirMode(path.dirname(files.cert), 0o700)
  // acme-client speaks through its own axios instance; only it is told the test CA, if any.
  acme.axios.defaults.timeout = ACME_REQUEST_TIMEOUT_MS
  acme.axios.defaults.httpsAgent = settings.caFile
    ? new https.Agent({ ca: fs.readFileSync(settings.caFile) })
    : undefined
  const client = new acme.Client({
    directoryUrl: settings.directoryUrl,
    accountKey: await accountKey(files.accountKey),
    ...poll,
  })
  const challengeDir = challengeDirIn(webroot)
  const challengeFile = (/** @type {string} */ token) => {
    if (!CHALLENGE_TOKEN.test(token)) throw new Error(`the CA sent a challenge token that is not base64url: ${token}`)
    return path.join(challengeDir, token)
  }
  const key = await acme.crypto.createPrivateEcdsaKey()
  const [, csr] = await acme.crypto.createCsr({ commonName: domain }, key)
  const pem = await client.auto({
    csr,
    email: settings.email ?? undefined,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // The CA checks the answer itself; asking it from here too would need the domain to lead here
    // already, which it does not on a machine that is not yet the site (or in the tests).
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) =>
      writeFileAtomic(challengeFile(challenge.token), keyAuthorization, 0o644),
    challengeRemoveFn: async (_authz, challenge) => fs.rmSync(challengeFile(challenge.token), { force: true }),
  })
  // The key first: the front is reloaded only after both, and a reload reads the pair as it is then.
  writeFileAtomic(files.key, key, 0o600)
  writeFileAtomic(files.cert, pem, 0o644)
  writeFileAtomic(files.directory, `${settings.directoryUrl}\n`, 0o644)
  await reload(files)
  return { ...files, pem }
}

/**
 * Whether the certificate kept for `domain` is due: none yet, issued by another directory than the
 * one the settings name (staging, then production), or fewer than `withinDays` days left.
 * @param {{ directoryUrl: string | null, pem: string } | null} kept
 * @param {{ directoryUrl: string, withinDays?: number, now?: number }} wanted
 * @returns {{ due: boolean, why: string }}
 */
export function renewalDue(kept, { directoryUrl, withinDays = RENEW_WITHIN_DAYS, now = Date.now() }) {
  if (!kept) return { due: true, why: 'no certificate yet' }
  if (kept.directoryUrl !== directoryUrl) return { due: true, why: `issued by ${kept.directoryUrl ?? 'another CA'}` }
  const left = daysLeft(kept.pem, now)
  if (left < withinDays) return { due: true, why: `${Math.floor(left)} days left` }
  return { due: false, why: `${Math.floor(left)} days left, renewed under ${withinDays}` }
}
