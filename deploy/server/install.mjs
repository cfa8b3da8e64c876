// Sets the site up on one Debian server, as root, from a release of the code at /opt/site/current:
//   [SMTP_URL=… MAIL_FROM=…] [ACME_EMAIL=…] node deploy/server/install.mjs --domain www.example.com [--acme [--staging]]
//     [--instances 3001,3002]
//   node deploy/server/install.mjs --render-only DIR [--release-dir PATH] [--user NAME] [--front-dir PATH] [--uploads-in-bucket]
//     [--domain NAME] [--tls-cert FILE --tls-key FILE]
// The first installs Debian's nginx, PostgreSQL and Redis, makes the system user that owns the
// data, the database and Redis with passwords, the settings file and the systemd units, and starts
// everything at boot; SMTP_URL and MAIL_FROM from its environment go into the settings file, and
// without a mail server it ends warning that mail only reaches the outbox. Run again, it keeps what
// exists (secrets, database, data) and renders the units anew. With --acme (or ACME_DIRECTORY_URL
// in its environment or the settings file) it obtains the front's certificate by ACME once the front
// is up with a self-signed one, and enables site-certificate.timer, which renews it; --staging asks
// Let's Encrypt's staging directory. --render-only writes the files it would install into DIR and
// touches nothing else.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ACME_SETTINGS, acmeFiles, acmeSettings, checkDomain, keptCertificate } from '../lib/acme.mjs'
import { precompressStatic, shareStaticFiles } from '../lib/releases.mjs'
import { STACK_PACKAGES } from '../lib/services.mjs'
import { dataFolders, ensureDir, frontFolders } from './folders.mjs'
import {
  createRoleCall,
  frontConf,
  frontConfFile,
  letsEncryptFiles,
  migrateCommand,
  SERVER_LAYOUT,
  unitFiles,
} from './layout.mjs'
import { renewFrontCertificate } from './frontCertificate.mjs'
import { afterStartSteps } from './plan.mjs'
import { runPlan } from './runPlan.mjs'
import { acmeSettingsFrom, envFileText, mailSettingsFrom, mailWarning, siteSettings, unquoted } from './siteEnv.mjs'

/** The stack's own packages; the server install asks for every one, so that a rerun upgrades them. */
const DEBIAN_PACKAGES = STACK_PACKAGES.map(([, pkg]) => pkg)
const REDIS_CONF = '/etc/redis/redis.conf'
const SYSTEMD_DIR = '/etc/systemd/system'
const LOGROTATE_RULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'logrotate', 'site')
const LOGROTATE_DIR = '/etc/logrotate.d'

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
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
function ensureUser(user, home) {
  if (spawnSync('id', ['-u', user]).status === 0) return
  run('useradd', ['--system', '--home-dir', home, '--shell', '/usr/sbin/nologin', user])
}

/**
 * Reads the settings file into an object, or {} when there is none yet.
 * @param {string} file
 * @returns {Record<string, string>}
 */
function readEnvFile(file) {
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
function writeEnvFile(file, values) {
  fs.writeFileSync(file, envFileText(values))
  run('chown', [`root:${SERVER_LAYOUT.user}`, file])
  fs.chmodSync(file, 0o640)
}

/** @param {string | undefined} password */
function ensureDatabase(password) {
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
function ensureRedisPassword(password) {
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
function writeUnits(dir, options) {
  fs.mkdirSync(dir, { recursive: true })
  const units = unitFiles(options)
  for (const [name, text] of Object.entries(units)) fs.writeFileSync(path.join(dir, name), text)
  return Object.keys(units)
}

/**
 * The certificate obtained by ACME for `domain` when there is one, else certbot's (a server set up
 * by hand before); else a self-signed one made for it, so that the front starts until ACME's is there.
 * @param {string} domain
 * @returns {{ cert: string, key: string, selfSigned: boolean }}
 */
function frontCertificate(domain) {
  const fromAcme = keptCertificate(SERVER_LAYOUT.acmeCertDir, domain)
  if (fromAcme) return { cert: fromAcme.cert, key: fromAcme.key, selfSigned: false }
  const issued = letsEncryptFiles(domain)
  if (fs.existsSync(issued.cert) && fs.existsSync(issued.key)) return { ...issued, selfSigned: false }
  const cert = path.join(SERVER_LAYOUT.tlsDir, `${domain}.pem`)
  const key = path.join(SERVER_LAYOUT.tlsDir, `${domain}.key`)
  if (!fs.existsSync(cert) || !fs.existsSync(key)) {
    fs.mkdirSync(SERVER_LAYOUT.tlsDir, { recursive: true, mode: 0o700 })
    run('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '90'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${domain}`, '-addext', `subjectAltName=DNS:${domain}`],
    ])
    fs.chmodSync(key, 0o600)
  }
  return { cert, key, selfSigned: true }
}

/**
 * Writes the front's nginx.conf and its folders (its workers run as www-data).
 * @param {Parameters<typeof frontConf>[0]} options
 */
function writeFront(options) {
  for (const { dir, ...access } of frontFolders(options.frontDir)) ensureDir(dir, access)
  fs.writeFileSync(frontConfFile(options.frontDir), frontConf(options))
}

/**
 * Obtains the front's certificate by ACME (when the one kept is due) and has the front serve it,
 * and enables the timer that renews it. A failure leaves the site up on its self-signed certificate.
 * @param {string} domain
 * @param {Record<string, string>} values
 */
async function certificateByAcme(domain, values) {
  const settings = acmeSettings(Object.fromEntries(ACME_SETTINGS.map(({ env }) => [env, unquoted(values[env])])))
  // The renewal's unit may write only there and in the front's folder: both must exist.
  ensureDir(SERVER_LAYOUT.acmeCertDir, { owner: 'root', mode: 0o700 })
  run('systemctl', ['enable', '--now', 'site-certificate.timer'])
  try {
    const result = await renewFrontCertificate({ domain, settings })
    console.log(
      result.renewed
        ? `> The front serves a certificate for ${domain} from ${settings.directoryUrl}.`
        : `> The front serves its certificate for ${domain} (${result.why}).`,
    )
  } catch (error) {
    // The rest of the install stands; it ends failed, saying why and what happens next.
    console.error(
      `> ${settings.directoryUrl} gave no certificate for ${domain}: ${error instanceof Error ? error.message : error}\n` +
        '  The front goes on with a self-signed one; site-certificate.timer tries again twice a day, or now:\n' +
        '  node deploy/server/certificate.mjs obtain',
    )
    process.exitCode = 1
  }
}

/** @param {{ domain: string, ports: number[], acme: boolean, staging: boolean }} options */
async function install({ domain, ports, acme, staging }) {
  if (process.getuid?.() !== 0) throw new Error('run it as root (it installs packages and systemd units)')
  // Read first, so that a value the settings file cannot hold stops the install before it changes anything.
  const mail = mailSettingsFrom(process.env)
  const acmeNamed = acmeSettingsFrom(process.env, { acme, staging })
  if (acmeNamed.ACME_DIRECTORY_URL) checkDomain(domain)
  const { user, baseDir, current, dataDir, configDir, envFile, backupDir, frontDir, logDir } = SERVER_LAYOUT
  if (!fs.existsSync(path.join(current, 'package.json')))
    throw new Error(
      `no release at ${current}: run \`node deploy/server/deploy.mjs\` first (docs/servers.md, "On a server")`,
    )
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', '--no-install-recommends', ...DEBIAN_PACKAGES], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  ensureUser(user, dataDir)
  // The front's workers read the uploads they serve; the rest of the data is the site user's.
  for (const { dir, ...access } of dataFolders({ dataDir, user })) ensureDir(dir, access)
  ensureDir(backupDir, { owner: user, mode: 0o750 })
  ensureDir(configDir, { owner: 'root', group: user, mode: 0o750 })
  // systemd opens the instances' log files as root; logrotate rotates them in a folder only root writes.
  ensureDir(logDir, { owner: 'root', group: 'adm', mode: 0o750 })
  fs.copyFileSync(LOGROTATE_RULES, path.join(LOGROTATE_DIR, 'site'))
  // The release is root's; the instance writes only its scratch folders.
  for (const scratch of ['.tmp', path.join('.next', 'cache')])
    ensureDir(path.join(current, scratch), { owner: user, mode: 0o750 })
  const { values, databasePassword, redisPassword } = siteSettings(readEnvFile(envFile), {
    domain,
    mail,
    acme: acmeNamed,
  })
  writeEnvFile(envFile, values)
  ensureDatabase(databasePassword)
  ensureRedisPassword(redisPassword)
  const units = writeUnits(SYSTEMD_DIR, { releaseDir: current, user, envFile, dataDir, backupDir, frontDir, ports })
  const certificate = frontCertificate(domain)
  shareStaticFiles(current, SERVER_LAYOUT.staticDir)
  precompressStatic(SERVER_LAYOUT.staticDir)
  writeFront({
    frontDir,
    dataDir,
    ports,
    tlsCert: certificate.cert,
    tlsKey: certificate.key,
    // With S3_BUCKET in site.env the instances keep uploads in the bucket; the front asks them.
    uploadsInBucket: Boolean(values.S3_BUCKET?.trim()),
  })
  run('systemctl', ['daemon-reload'])
  run('systemctl', ['enable', 'site.target', ...ports.map((port) => `site@${port}.service`)])
  // The migrations run once, before any instance starts, as the site's user with its settings.
  const migrate = migrateCommand({ releaseDir: current, user, envFile })
  run(migrate.command, migrate.args, { cwd: migrate.cwd })
  run('systemctl', ['restart', 'site.target'])
  // The front answers with the site's own page when no instance can: saved before it starts.
  await runPlan(afterStartSteps(SERVER_LAYOUT, ports))
  run('systemctl', ['enable', '--now', 'site-backup.timer'])
  // The front takes 80 and 443 from Debian's own nginx site.
  spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'inherit' })
  run('systemctl', ['enable', 'site-front.service'])
  run('systemctl', ['reload-or-restart', 'site-front.service'])
  if (values.ACME_DIRECTORY_URL) await certificateByAcme(domain, values)
  else if (certificate.selfSigned) {
    console.log(
      `> The front uses a self-signed certificate for now. Once ${domain} points here, run this again with\n` +
        "  --acme: it obtains one from Let's Encrypt, and site-certificate.timer renews it (--acme --staging\n" +
        "  first tries Let's Encrypt's staging directory, whose certificates browsers do not trust).",
    )
  }
  console.log(
    `> Installed ${units.join(', ')}; the site's data is in ${dataDir}, its settings in ${envFile}, code in ${baseDir}.`,
  )
  const noMail = mailWarning(values)
  if (noMail) console.warn(noMail)
}

const { values: options } = parseArgs({
  options: {
    domain: { type: 'string' },
    // The certificate by ACME (Let's Encrypt's production directory unless ACME_DIRECTORY_URL says), or its staging one.
    acme: { type: 'boolean', default: false },
    staging: { type: 'boolean', default: false },
    instances: { type: 'string', default: SERVER_LAYOUT.ports.join(',') },
    'render-only': { type: 'string' },
    'release-dir': { type: 'string', default: SERVER_LAYOUT.current },
    'front-dir': { type: 'string', default: SERVER_LAYOUT.frontDir },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    user: { type: 'string', default: SERVER_LAYOUT.user },
    // For --render-only: the front as it is when site.env sets S3_BUCKET (uploads in the bucket).
    'uploads-in-bucket': { type: 'boolean', default: false },
  },
})
const ports = options.instances.split(',').map(Number)
try {
  if (options['render-only']) {
    const written = writeUnits(options['render-only'], {
      releaseDir: options['release-dir'],
      user: options.user,
      envFile: SERVER_LAYOUT.envFile,
      dataDir: SERVER_LAYOUT.dataDir,
      backupDir: SERVER_LAYOUT.backupDir,
      frontDir: options['front-dir'],
      ports,
    })
    const certificate = acmeFiles(SERVER_LAYOUT.acmeCertDir, options.domain ?? 'localhost')
    const conf = frontConf({
      frontDir: options['front-dir'],
      dataDir: SERVER_LAYOUT.dataDir,
      ports,
      tlsCert: options['tls-cert'] ?? certificate.cert,
      tlsKey: options['tls-key'] ?? certificate.key,
      uploadsInBucket: options['uploads-in-bucket'],
    })
    fs.writeFileSync(path.join(options['render-only'], 'nginx.conf'), conf)
    console.log(`> Rendered ${[...written, 'nginx.conf'].join(', ')} into ${options['render-only']}`)
  } else {
    if (!options.domain) throw new Error('say which address the site answers at: --domain www.example.com')
    await install({ domain: options.domain, ports, acme: options.acme, staging: options.staging })
  }
} catch (error) {
  console.error(`deploy/server/install.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
