// Where the site lives on a server, and the systemd units that run it, rendered from deploy/systemd.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEPENDENCIES_INSTALLED_ENV } from '../../scripts/lib/bootstrap.mjs'
import { MEDIA_FOLDER } from '../../src/platform/dataFolder.mjs'
import { BUILD_NICENESS } from '../lib/config.mjs'
import { LOCAL_INSTANCE_HOST } from '../lib/frontNeighbours.mjs'
import { nginxConfText } from '../lib/nginxConf.mjs'
import { renderTemplate } from '../lib/template.mjs'

const SYSTEMD_TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'systemd')

export const SERVER_LAYOUT = {
  /** The system user that runs the instances and owns the data. */
  user: 'site',
  database: 'site',
  /** Releases of the code, and the link to the one that runs. */
  baseDir: '/opt/site',
  releasesDir: '/opt/site/releases',
  current: '/opt/site/current',
  /** The build files of every release the server ran, merged (deploy/lib/staticFiles.mjs), which the front serves. */
  staticDir: '/opt/site/static',
  /** The business's data, outside the code: the uploads, chat files, the outbox. */
  dataDir: '/var/lib/site',
  configDir: '/etc/site',
  envFile: '/etc/site/site.env',
  backupDir: '/var/backups/site',
  /** nginx's folder for the front: its rendered nginx.conf, cache, temp files, logs, ACME challenges. */
  frontDir: '/var/lib/site-front',
  /** A self-signed certificate for the domain, until one from ACME is there. */
  tlsDir: '/etc/site/tls',
  /** The ACME account's key and the certificates it obtained (deploy/lib/acme.mjs, acmeFiles): root's alone. */
  acmeCertDir: '/etc/site/acme',
  /** How a server's front takes a new certificate without dropping a connection. */
  frontReloadCommand: 'systemctl reload site-front.service',
  /** The instances' logs (app-<port>.log), rotated by logrotate with deploy/logrotate/site. */
  logDir: '/var/log/site',
  /** @type {number[]} */
  ports: [3001, 3002],
  /** Where the instances listen: this machine's loopback, for the front beside them (install --listen). */
  instanceAddress: LOCAL_INSTANCE_HOST,
  /** Where install writes the units (site.target names the instances). */
  systemdDir: '/etc/systemd/system',
}

/** @typedef {typeof SERVER_LAYOUT} ServerLayout */

/** Every IPv4 address and every IPv6 one (nginx binds `[::]` IPv6-only, so the two do not clash). */
export const SERVER_LISTEN_ADDRESSES = ['', '[::]:']

/**
 * The certificate certbot keeps for `domain` (a server set up before install obtained its own).
 * @param {string} domain
 * @returns {{ cert: string, key: string }}
 */
export const letsEncryptFiles = (domain) => ({
  cert: `/etc/letsencrypt/live/${domain}/fullchain.pem`,
  key: `/etc/letsencrypt/live/${domain}/privkey.pem`,
})

/**
 * The front's nginx.conf on a server: 80 (redirects, ACME) and 443 on every IPv4 and IPv6 address,
 * before the instances on `ports`.
 * @param {object} front
 * @param {string} front.frontDir
 * @param {string} [front.staticDir]
 * @param {string} front.dataDir
 * @param {number[]} front.ports
 * @param {string} front.tlsCert
 * @param {string} front.tlsKey
 * @param {boolean} [front.uploadsInBucket]
 * @param {string[]} [front.peers] other servers' instances (`host:port`) it sends visitors to as well
 * @param {string[]} [front.trustedProxies] the load balancers or CDN before it (set_real_ip_from)
 * @returns {string}
 */
export function frontConf({
  frontDir,
  staticDir = SERVER_LAYOUT.staticDir,
  dataDir,
  ports,
  tlsCert,
  tlsKey,
  uploadsInBucket = false,
  peers = [],
  trustedProxies = [],
}) {
  return nginxConfText({
    asRoot: true,
    listenAddresses: SERVER_LISTEN_ADDRESSES,
    port: 80,
    httpsPort: 443,
    tlsCert,
    tlsKey,
    acmeDir: acmeChallengeDir(frontDir),
    staticDir,
    prefixDir: frontDir,
    mediaDir: path.join(dataDir, MEDIA_FOLDER),
    uploadsInBucket,
    appPorts: ports,
    peers,
    trustedProxies,
  })
}

/** The folder the front answers ACME's HTTP-01 challenges from. */
export const acmeChallengeDir = (frontDir = SERVER_LAYOUT.frontDir) => path.join(frontDir, 'acme')

/** The front's rendered configuration on a server. */
export const frontConfFile = (frontDir = SERVER_LAYOUT.frontDir) => path.join(frontDir, 'nginx.conf')

/**
 * Applies the migrations of `releaseDir` once, as the site's user with its settings file (its
 * dependencies taken as installed: scripts/lib/bootstrap.mjs, DEPENDENCIES_INSTALLED_ENV), at the
 * build's low priority since the instances of the release before serve meanwhile: the command and
 * its folder.
 * @param {{ releaseDir: string, user?: string, envFile?: string }} migration
 * @returns {{ command: string, args: string[], cwd: string }}
 */
export const migrateCommand = ({ releaseDir, user = SERVER_LAYOUT.user, envFile = SERVER_LAYOUT.envFile }) => ({
  command: 'runuser',
  args: [
    ...['-u', user, '--', 'sh', '-c'],
    `set -a && . ${envFile} && ${DEPENDENCIES_INSTALLED_ENV}=1 exec nice -n ${BUILD_NICENESS} ${releaseDir}/node_modules/.bin/node scripts/migrate.mjs`,
  ],
  cwd: releaseDir,
})

/**
 * How install makes the site's PostgreSQL role: the statement with its password goes to psql on
 * stdin, never on the command line, which any local user can read in /proc.
 * @param {{ user?: string, password: string }} role
 * @returns {{ command: string, args: string[], input: string }}
 */
export const createRoleCall = ({ user = SERVER_LAYOUT.user, password }) => ({
  command: 'runuser',
  args: ['-u', 'postgres', '--', 'psql', '--quiet', '--set', 'ON_ERROR_STOP=1'],
  input: `CREATE ROLE ${user} LOGIN PASSWORD '${password}';\n`,
})

/** This machine's database and Redis, as Debian's packages name their units (by the service siteEnv.mjs shares). */
export const LOCAL_SERVICE_UNITS = { database: 'postgresql.service', redis: 'redis-server.service' }

/** `Wants=` of the rendered site.target: the instances it starts. */
const TARGET_INSTANCES = /^Wants=(.*)$/m
/** `HOST=` of the rendered site@.service: where the instances listen. */
const UNIT_HOST = /^Environment=.*\bHOST=(\S+)/m

/**
 * The instances installed on this machine, read from the units install rendered into `systemdDir`
 * (none before the install), and the address they listen on: a server without a front (install
 * --no-front) has no nginx.conf that names them.
 * @param {Pick<ServerLayout, 'systemdDir' | 'instanceAddress'>} layout
 * @param {(file: string) => string | null} read
 * @returns {{ ports: number[], address: string }}
 */
export function installedInstances({ systemdDir, instanceAddress }, read) {
  const target = read(path.join(systemdDir, 'site.target')) ?? ''
  const unit = read(path.join(systemdDir, 'site@.service')) ?? ''
  const units = TARGET_INSTANCES.exec(target)?.[1].split(/\s+/) ?? []
  return {
    ports: units.flatMap((name) => {
      const port = /^site@(\d+)\.service$/.exec(name)?.[1]
      return port ? [Number(port)] : []
    }),
    address: UNIT_HOST.exec(unit)?.[1] ?? instanceAddress,
  }
}

/**
 * The unit files for an install: file name → text.
 * @param {object} install
 * @param {string} install.releaseDir
 * @param {string} install.user
 * @param {string} install.envFile
 * @param {string} install.dataDir
 * @param {string} install.backupDir
 * @param {string} install.frontDir
 * @param {number[]} install.ports
 * @param {string} [install.logDir]
 * @param {string} [install.acmeCertDir]
 * @param {string} [install.instanceAddress] where the instances listen
 * @param {string[]} [install.localServices] this machine's database and Redis units, which the instances start after
 * @returns {Record<string, string>}
 */
export function unitFiles({
  releaseDir,
  user,
  envFile,
  dataDir,
  backupDir,
  frontDir,
  ports,
  logDir = SERVER_LAYOUT.logDir,
  acmeCertDir = SERVER_LAYOUT.acmeCertDir,
  instanceAddress = SERVER_LAYOUT.instanceAddress,
  localServices = Object.values(LOCAL_SERVICE_UNITS),
}) {
  const values = {
    INSTANCE_ADDRESS: instanceAddress,
    LOCAL_SERVICE_UNITS: localServices.map((unit) => ` ${unit}`).join(''),
    RELEASE_DIR: releaseDir,
    LOG_DIR: logDir,
    APP_USER: user,
    ENV_FILE: envFile,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    FRONT_DIR: frontDir,
    ACME_CERT_DIR: acmeCertDir,
    INSTANCE_UNITS: ports.map((port) => `site@${port}.service`).join(' '),
  }
  return Object.fromEntries(
    [
      'site@.service',
      'site.target',
      'site-backup.service',
      'site-backup.timer',
      'site-front.service',
      'site-certificate.service',
      'site-certificate.timer',
    ].map((name) => [name, renderTemplate(path.join(SYSTEMD_TEMPLATES, name), values)]),
  )
}
