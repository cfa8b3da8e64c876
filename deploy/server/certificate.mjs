// The front's HTTPS certificate by ACME on a server, as root (docs/servers.md, "On a server"):
//   node deploy/server/certificate.mjs renew [--force] [--staging] [--domain www.example.com]
//   node deploy/server/certificate.mjs obtain …   (the same as renew --force)
// renew obtains a certificate by HTTP-01 when the one kept has fewer than 30 days left
// (RENEW_WITHIN_DAYS), came from another directory than ACME_DIRECTORY_URL names, or there is none
// yet; has the front serve it (its nginx.conf names it) and reloads the front; else it says there is
// nothing to do. site-certificate.timer runs it twice a day. Its settings come from its environment,
// then from /etc/site/site.env (--settings FILE): ACME_DIRECTORY_URL (Let's Encrypt's production
// directory by default, its staging one with --staging), ACME_EMAIL, ACME_CA_FILE (a test CA's), and
// the domain from SERVER_URL. --front-dir, --cert-dir and --reload-command name another front (the
// tests' own nginx).
import { parseArgs } from 'node:util'
import { acmeSettings } from '../lib/acme.mjs'
import { loadEnvFile } from '../../scripts/lib/bootstrap.mjs'
import { renewFrontCertificate } from './frontCertificate.mjs'
import { SERVER_LAYOUT } from './layout.mjs'

const COMMANDS = ['renew', 'obtain']

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    domain: { type: 'string' },
    force: { type: 'boolean', default: false },
    staging: { type: 'boolean', default: false },
    settings: { type: 'string', default: SERVER_LAYOUT.envFile },
    'front-dir': { type: 'string', default: SERVER_LAYOUT.frontDir },
    'cert-dir': { type: 'string', default: SERVER_LAYOUT.acmeCertDir },
    'reload-command': { type: 'string', default: SERVER_LAYOUT.frontReloadCommand },
  },
})

/**
 * The domain the site answers at: --domain, else SERVER_URL's host.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
function domainOf(env) {
  if (options.domain) return options.domain
  if (!env.SERVER_URL) throw new Error('say which domain: --domain www.example.com (or SERVER_URL in the settings)')
  return new URL(env.SERVER_URL).hostname
}

try {
  const [command] = positionals
  if (!COMMANDS.includes(command) || positionals.length > 1)
    throw new Error(`say what to do: ${COMMANDS.join(' or ')} (got ${positionals.join(' ') || 'nothing'})`)
  loadEnvFile(options['settings'])
  const domain = domainOf(process.env)
  const result = await renewFrontCertificate({
    domain,
    settings: acmeSettings(process.env, { staging: options.staging }),
    force: options.force || command === 'obtain',
    frontDir: options['front-dir'],
    certDir: options['cert-dir'],
    reloadCommand: options['reload-command'],
  })
  console.log(
    result.renewed
      ? `> A new certificate for ${domain} (${result.why}) is in ${result.cert}; the front serves it.`
      : `> Nothing to do: the certificate for ${domain} has ${result.why}.`,
  )
} catch (error) {
  console.error(`deploy/server/certificate.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
