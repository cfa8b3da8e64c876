// The server's front as the install (install.mjs) sets it up: its nginx.conf and folders, and the
// certificate it serves (ACME's, certbot's, or a self-signed one until ACME's is there).
import fs from 'node:fs'
import path from 'node:path'
import { ACME_SETTINGS, acmeSettings, keptCertificate } from '../lib/acme.mjs'
import { ensureDir, frontFolders } from './folders.mjs'
import { renewFrontCertificate } from './frontCertificate.mjs'
import { run } from './installSystem.mjs'
import { frontConf, frontConfFile, letsEncryptFiles, SERVER_LAYOUT } from './layout.mjs'
import { unquoted } from './siteEnv.mjs'

/**
 * The certificate obtained by ACME for `domain` when there is one, else certbot's (a server set up
 * by hand before); else a self-signed one made for it, so that the front starts until ACME's is there.
 * @param {string} domain
 * @returns {{ cert: string, key: string, selfSigned: boolean }}
 */
export function frontCertificate(domain) {
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
export function writeFront(options) {
  for (const { dir, ...access } of frontFolders(options.frontDir)) ensureDir(dir, access)
  fs.writeFileSync(frontConfFile(options.frontDir), frontConf(options))
}

/**
 * Obtains the front's certificate by ACME (when the one kept is due) and has the front serve it,
 * and enables the timer that renews it. A failure leaves the site up on its self-signed certificate.
 * @param {string} domain
 * @param {Record<string, string>} values
 */
export async function certificateByAcme(domain, values) {
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
