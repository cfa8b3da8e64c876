// Sets the site up on one Debian server, as root, from a release of the code at /opt/site/current:
//   [SMTP_URL=… MAIL_FROM=…] [ACME_EMAIL=…] node deploy/server/install.mjs --domain www.example.com [--acme [--staging]]
//     [--instances 3001,3002] [--peers HOST:PORT,…] [--trusted-proxies ADDRESS/CIDR,…]
//   [DATABASE_URL=… REDIS_URL=… PAYLOAD_SECRET=… S3_…=…] node deploy/server/install.mjs --domain www.example.com
//     --no-front --listen ADDRESS [--front-address ADDRESS,…] [--instances 3001,3002]
//   node deploy/server/install.mjs --render-only DIR [--release-dir PATH] [--user NAME] [--front-dir PATH] [--uploads-in-bucket]
//     [--domain NAME] [--tls-cert FILE --tls-key FILE] [--peers …] [--trusted-proxies …] [--listen ADDRESS]
// The first installs Debian's nginx, PostgreSQL and Redis, makes the system user that owns the
// data, the database and Redis with passwords, the settings file and the systemd units, and starts
// everything at boot; SMTP_URL and MAIL_FROM from its environment go into the settings file, and
// without a mail server it ends warning that mail only reaches the outbox. Run again, it keeps what
// exists (secrets, database, data) and renders the units anew. With --acme (or ACME_DIRECTORY_URL
// in its environment or the settings file) it obtains the front's certificate by ACME once the front
// is up with a self-signed one, and enables site-certificate.timer, which renews it; --staging asks
// Let's Encrypt's staging directory. Several servers (docs/servers.md, "Two or more servers"): with
// DATABASE_URL or REDIS_URL in its environment (never on the command line, which any user reads in
// /proc) it makes no local PostgreSQL or Redis and the instances use those; --peers lists other
// servers' instances in this front's upstream; --no-front installs the instances alone, listening on
// --listen, believing X-Forwarded-For from --front-address only; --trusted-proxies names the load
// balancers or CDN whose X-Forwarded-For the front believes. --render-only writes the files it would
// install into DIR and touches nothing else.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { acmeFiles, checkDomain } from '../lib/acme.mjs'
import { peersFrom, proxyAddressesFrom } from '../lib/frontNeighbours.mjs'
import { precompressStatic, shareStaticFiles } from '../lib/staticFiles.mjs'
import { dataFolders, ensureDir } from './folders.mjs'
import { certificateByAcme, frontCertificate, writeFront } from './installFront.mjs'
import {
  debianPackages,
  ensureDatabase,
  ensureRedisPassword,
  ensureUser,
  localServiceUnits,
  readEnvFile,
  run,
  writeEnvFile,
  writeUnits,
} from './installSystem.mjs'
import { frontConf, migrateCommand, SERVER_LAYOUT } from './layout.mjs'
import { afterStartSteps } from './plan.mjs'
import { runPlan } from './runPlan.mjs'
import {
  acmeSettingsFrom,
  mailSettingsFrom,
  mailWarning,
  sharedServices,
  sharedSettingsFrom,
  siteSettings,
} from './siteEnv.mjs'

const LOGROTATE_RULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'logrotate', 'site')
const LOGROTATE_DIR = '/etc/logrotate.d'

/**
 * How this server serves, from the command line: its front's peers and trusted proxies, whether it
 * has a front, where its instances listen and whom they believe (TRUST_PROXY); a clear error naming
 * the option for a value that is not one.
 * @param {typeof options} given
 */
function servingFrom(given) {
  const front = !given['no-front']
  const address = given.listen
  if (!isIP(address)) throw new Error(`--listen: "${address}" is not an IPv4 or IPv6 address`)
  if (front && (address !== SERVER_LAYOUT.instanceAddress || given['front-address']))
    throw new Error(
      `--listen and --front-address are for a server without a front (--no-front): the front here reaches its instances on ${SERVER_LAYOUT.instanceAddress}`,
    )
  if (!front && (given.peers || given['trusted-proxies']))
    throw new Error('--peers and --trusted-proxies name what a front does: leave out --no-front')
  const fronts = given['front-address'] ? proxyAddressesFrom(given['front-address'], '--front-address') : []
  return {
    front,
    address,
    peers: peersFrom(given.peers ?? '', '--peers'),
    trustedProxies: proxyAddressesFrom(given['trusted-proxies'] ?? '', '--trusted-proxies'),
    trustProxy: fronts.join(',') || undefined,
  }
}

/**
 * @param {{ domain: string, ports: number[], acme: boolean, staging: boolean, serving: ReturnType<typeof servingFrom> }} options
 */
async function install({ domain, ports, acme, staging, serving }) {
  if (process.getuid?.() !== 0) throw new Error('run it as root (it installs packages and systemd units)')
  // Read first, so that a value the settings file cannot hold stops the install before it changes anything.
  const mail = mailSettingsFrom(process.env)
  const shared = sharedSettingsFrom(process.env)
  const acmeNamed = acmeSettingsFrom(process.env, { acme, staging })
  if (acmeNamed.ACME_DIRECTORY_URL && !serving.front)
    throw new Error("--acme obtains the front's certificate: a server without a front (--no-front) has none")
  if (acmeNamed.ACME_DIRECTORY_URL) checkDomain(domain)
  const { user, baseDir, current, dataDir, configDir, envFile, backupDir, frontDir, logDir } = SERVER_LAYOUT
  if (!fs.existsSync(path.join(current, 'package.json')))
    throw new Error(
      `no release at ${current}: run \`node deploy/server/deploy.mjs\` first (docs/servers.md, "On a server")`,
    )
  const { values, databasePassword, redisPassword } = siteSettings(readEnvFile(envFile), {
    domain,
    mail,
    acme: acmeNamed,
    shared,
    trustProxy: serving.trustProxy,
  })
  const elsewhere = sharedServices(values)
  run('apt-get', ['update'])
  run(
    'apt-get',
    ['install', '-y', '--no-install-recommends', ...debianPackages({ front: serving.front, shared: elsewhere })],
    {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  )
  ensureUser(user, dataDir)
  // The front's workers read the uploads they serve; the rest of the data is the site user's.
  for (const { dir, ...access } of dataFolders({ dataDir, user })) ensureDir(dir, access)
  ensureDir(backupDir, { owner: user, mode: 0o750 })
  ensureDir(configDir, { owner: 'root', group: user, mode: 0o750 })
  // systemd opens the instances' log files as root; logrotate rotates them in a folder only root writes.
  ensureDir(logDir, { owner: 'root', group: 'adm', mode: 0o750 })
  // Debian's minimal system has no such folder until a package brings one (nginx and PostgreSQL do).
  fs.mkdirSync(LOGROTATE_DIR, { recursive: true })
  fs.copyFileSync(LOGROTATE_RULES, path.join(LOGROTATE_DIR, 'site'))
  // The release is root's; the instance writes only its scratch folders.
  for (const scratch of ['.tmp', path.join('.next', 'cache')])
    ensureDir(path.join(current, scratch), { owner: user, mode: 0o750 })
  writeEnvFile(envFile, values)
  // The shared database and Redis are another host's to set up: only this machine's own are made here.
  if (!elsewhere.has('database')) ensureDatabase(databasePassword)
  if (!elsewhere.has('redis')) ensureRedisPassword(redisPassword)
  const units = writeUnits(SERVER_LAYOUT.systemdDir, {
    releaseDir: current,
    user,
    envFile,
    dataDir,
    backupDir,
    frontDir,
    ports,
    instanceAddress: serving.address,
    localServices: localServiceUnits(elsewhere),
  })
  const certificate = serving.front ? frontCertificate(domain) : null
  if (certificate) {
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
      peers: serving.peers,
      trustedProxies: serving.trustedProxies,
    })
  }
  run('systemctl', ['daemon-reload'])
  run('systemctl', ['enable', 'site.target', ...ports.map((port) => `site@${port}.service`)])
  // The migrations run once, before any instance starts, as the site's user with its settings.
  const migrate = migrateCommand({ releaseDir: current, user, envFile })
  run(migrate.command, migrate.args, { cwd: migrate.cwd })
  run('systemctl', ['restart', 'site.target'])
  // The front answers with the site's own page when no instance can: saved before it starts.
  await runPlan(afterStartSteps(SERVER_LAYOUT, ports, serving))
  if (!certificate) {
    // The server whose front sends visitors here keeps the backups of the site both serve (docs/servers.md).
    spawnSync('systemctl', ['disable', '--now', 'site-backup.timer'], { stdio: 'inherit' })
    console.log(
      `> No front here (--no-front): list ${ports.map((port) => `${serving.address}:${port}`).join(',')} in the front's --peers.\n` +
        "  The front's server keeps the backups: site-backup.timer is off here, and `npm run doctor -- --server` says so.",
    )
  } else {
    run('systemctl', ['enable', '--now', 'site-backup.timer'])
    // The front takes 80 and 443 from Debian's own nginx site.
    spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'inherit' })
    run('systemctl', ['enable', 'site-front.service'])
    run('systemctl', ['reload-or-restart', 'site-front.service'])
  }
  if (values.ACME_DIRECTORY_URL && certificate) await certificateByAcme(domain, values)
  else if (certificate?.selfSigned) {
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
    // Other servers' instances (host:port,…) the front sends visitors to as well.
    peers: { type: 'string' },
    // The load balancers or CDN before the front (addresses or CIDR ranges): their X-Forwarded-For names the visitor.
    'trusted-proxies': { type: 'string' },
    // The instances alone, for the front of another server (--peers there).
    'no-front': { type: 'boolean', default: false },
    // Where the instances listen: this machine's loopback unless another server's front reaches them.
    listen: { type: 'string', default: SERVER_LAYOUT.instanceAddress },
    // The fronts (addresses or CIDR ranges) whose X-Forwarded-For the instances believe (TRUST_PROXY).
    'front-address': { type: 'string' },
  },
})
const ports = options.instances.split(',').map(Number)
try {
  const serving = servingFrom(options)
  if (options['render-only']) {
    const written = writeUnits(options['render-only'], {
      releaseDir: options['release-dir'],
      user: options.user,
      envFile: SERVER_LAYOUT.envFile,
      dataDir: SERVER_LAYOUT.dataDir,
      backupDir: SERVER_LAYOUT.backupDir,
      frontDir: options['front-dir'],
      ports,
      instanceAddress: serving.address,
    })
    const certificate = acmeFiles(SERVER_LAYOUT.acmeCertDir, options.domain ?? 'localhost')
    const conf = frontConf({
      frontDir: options['front-dir'],
      dataDir: SERVER_LAYOUT.dataDir,
      ports,
      tlsCert: options['tls-cert'] ?? certificate.cert,
      tlsKey: options['tls-key'] ?? certificate.key,
      uploadsInBucket: options['uploads-in-bucket'],
      peers: serving.peers,
      trustedProxies: serving.trustedProxies,
    })
    fs.writeFileSync(path.join(options['render-only'], 'nginx.conf'), conf)
    console.log(`> Rendered ${[...written, 'nginx.conf'].join(', ')} into ${options['render-only']}`)
  } else {
    if (!options.domain) throw new Error('say which address the site answers at: --domain www.example.com')
    await install({ domain: options.domain, ports, acme: options.acme, staging: options.staging, serving })
  }
} catch (error) {
  console.error(`deploy/server/install.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
