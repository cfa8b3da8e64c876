// The front's certificate by ACME on a server: renewed into its root-only folder when due, then the
// front's nginx.conf pointed at it and the front reloaded, which keeps every open connection. Used
// by install (--acme) and by deploy/server/certificate.mjs, which site-certificate.timer runs.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { keptCertificate, obtainCertificate, renewalDue, writeFileAtomic } from '../lib/acme.mjs'
import { withCertificateFiles } from '../lib/nginxConf.mjs'
import { acmeChallengeDir, frontConfFile, SERVER_LAYOUT } from './layout.mjs'

/** The longest the front's reload may take. */
const RELOAD_TIMEOUT_MS = 30_000

/**
 * Points the front's configuration `confFile` at `cert` and `key` (when it names other files), then
 * runs `reloadCommand` (words split at spaces; nginx checks the configuration before it takes it).
 * @param {{ confFile: string, cert: string, key: string, reloadCommand: string }} front
 */
export function switchFront({ confFile, cert, key, reloadCommand }) {
  const conf = fs.readFileSync(confFile, 'utf8')
  const switched = withCertificateFiles(conf, { cert, key })
  if (switched !== conf) writeFileAtomic(confFile, switched, fs.statSync(confFile).mode & 0o777)
  const [command, ...args] = reloadCommand.trim().split(/\s+/)
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: RELOAD_TIMEOUT_MS })
  if (result.error) throw new Error(`${reloadCommand}: ${result.error.message}`)
  if (result.status !== 0)
    throw new Error(`${reloadCommand} exited with ${result.status ?? result.signal}: ${result.stderr.trim()}`)
}

/**
 * Obtains a new certificate for `domain` when one is due (acme.mjs, renewalDue) or `force`, and
 * has the front serve it. Returns whether it did, why, and the certificate's files.
 * @param {object} renewal
 * @param {string} renewal.domain
 * @param {import('../lib/acme.mjs').AcmeSettings} renewal.settings
 * @param {boolean} [renewal.force]
 * @param {number} [renewal.withinDays]
 * @param {string} [renewal.frontDir]
 * @param {string} [renewal.certDir]
 * @param {string} [renewal.reloadCommand]
 * @returns {Promise<{ renewed: boolean, why: string, cert?: string, key?: string }>}
 */
export async function renewFrontCertificate({
  domain,
  settings,
  force = false,
  withinDays,
  frontDir = SERVER_LAYOUT.frontDir,
  certDir = SERVER_LAYOUT.acmeCertDir,
  reloadCommand = SERVER_LAYOUT.frontReloadCommand,
}) {
  const kept = keptCertificate(certDir, domain)
  const due = force
    ? { due: true, why: 'asked for' }
    : renewalDue(kept, { directoryUrl: settings.directoryUrl, withinDays })
  if (!due.due) return { renewed: false, why: due.why, cert: kept?.cert, key: kept?.key }
  const issued = await obtainCertificate({
    domain,
    settings,
    webroot: acmeChallengeDir(frontDir),
    certDir,
    reload: ({ cert, key }) => switchFront({ confFile: frontConfFile(frontDir), cert, key, reloadCommand }),
  })
  return { renewed: true, why: due.why, cert: issued.cert, key: issued.key }
}
