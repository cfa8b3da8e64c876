// `npm run doctor`: checks what this site needs and prints one line each, with the fix when one is
// needed (src/operations/doctor). Exit status 1 when a check fails, else 0 (`--strict`: a warning
// counts too). `--server`: the site of a server made by deploy/server/install.mjs, read with its
// settings file (/etc/site/site.env), its backup folder and the certificate its front serves; run
// it as root there (certbot keeps the certificate root's). `--secrets FILE`: the settings file to
// read and check instead (as `npm run backup -- --secrets` names it).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { frontConfFile, SERVER_LAYOUT } from '../deploy/server/layout.mjs'
import { backupDirFrom } from './lib/backupArchives.mjs'
import { continueOnProjectNode, loadEnvFile, ROOT } from './lib/bootstrap.mjs'
import { bundleTs } from './lib/runTs.mjs'

/** Longest the group of the site's user may take to look up. */
const LOOKUP_TIMEOUT_MS = 5_000

continueOnProjectNode()
const { values } = parseArgs({
  options: {
    server: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    // The settings file with the secrets: .env here, /etc/site/site.env with --server.
    secrets: { type: 'string' },
  },
})

/**
 * The certificate a front's nginx.conf serves (`ssl_certificate`), or null without one.
 * @param {string} confFile
 * @returns {string | null}
 */
function certificateOfFront(confFile) {
  if (!fs.existsSync(confFile)) return null
  return /^\s*ssl_certificate\s+([^;\s]+);/m.exec(fs.readFileSync(confFile, 'utf8'))?.[1] ?? null
}

/**
 * The id of a group, or undefined when there is no such group.
 * @param {string} name
 * @returns {number | undefined}
 */
function groupId(name) {
  const entry = spawnSync('getent', ['group', name], { encoding: 'utf8', timeout: LOOKUP_TIMEOUT_MS }).stdout ?? ''
  const gid = Number(entry.split(':')[2])
  return Number.isInteger(gid) ? gid : undefined
}

/**
 * What the checks need beyond the environment: where this kind of site keeps things.
 * @param {{ server: boolean, strict: boolean, secrets?: string }} options
 */
function commandFor({ server, strict, secrets }) {
  if (!server) {
    const settingsFile = path.resolve(secrets ?? path.join(ROOT, '.env'))
    loadEnvFile(settingsFile)
    return {
      root: ROOT,
      backupDir: backupDirFrom(process.env, ROOT),
      certificateFile: process.env.TLS_CERT_FILE || null,
      secretsFile: settingsFile,
      production: process.env.NODE_ENV === 'production',
      strict,
    }
  }
  const settingsFile = path.resolve(secrets ?? SERVER_LAYOUT.envFile)
  if (!fs.existsSync(settingsFile))
    throw new Error(`no ${settingsFile}: is this a server made by deploy/server/install.mjs?`)
  loadEnvFile(settingsFile)
  const frontConf = frontConfFile()
  return {
    root: ROOT,
    backupDir: process.env.BACKUP_DIR || SERVER_LAYOUT.backupDir,
    certificateFile: process.env.TLS_CERT_FILE || certificateOfFront(frontConf),
    // Installed with --no-front: the certificate and the backups are the front's server's.
    frontElsewhere: !fs.existsSync(frontConf),
    secretsFile: settingsFile,
    // install gives site.env to root and the site's group, whose services read it.
    secretsReaderGroup: groupId(SERVER_LAYOUT.user),
    production: true,
    strict,
  }
}

try {
  const command = commandFor(values)
  // As the site's server does: a relative DATA_DIR is the checkout's or release's.
  process.chdir(ROOT)
  const bundle = await bundleTs(ROOT, 'src/operations/doctor/cli.ts', `doctor-${process.pid}`)
  try {
    const { main } = await import(pathToFileURL(bundle).href)
    process.exitCode = await main(command)
  } finally {
    fs.rmSync(bundle, { force: true })
  }
} catch (error) {
  console.error(`npm run doctor failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
// A check that gave up may leave a socket open; the answers are printed.
process.exit()
