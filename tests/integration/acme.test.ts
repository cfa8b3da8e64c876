// The front's certificate by ACME (deploy/server/certificate.mjs), end to end on loopback: Debian's
// pebble as the CA, validating HTTP-01 through the project's own nginx front, which serves the
// challenge from its acme folder and is reloaded onto each new certificate without failing a request.
import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acmeFiles,
  acmeSettings,
  CHALLENGE_PATH,
  keptCertificate,
  LETS_ENCRYPT_DIRECTORIES,
  RENEW_WITHIN_DAYS,
  renewalDue,
} from '../../deploy/lib/acme.mjs'
import { acmeSettingsFrom } from '../../deploy/server/siteEnv.mjs'
import { waitUntil } from '../../deploy/lib/processes.mjs'
import { startFront } from '../support/front'
import { startPebble } from '../support/pebble'
import { freePort } from '../support/ports'

const ROOT = path.resolve(__dirname, '../..')
const CERTIFICATE_COMMAND = path.join(ROOT, 'deploy', 'server', 'certificate.mjs')
const DOMAIN = 'www.site.test'
/** A file the front serves itself (its static folder), so the requests need no app behind it. */
const PROBE_PATH = '/_next/static/probe.txt'
const PROBE_TEXT = 'served by the front\n'
/** Longest a run of the command may take (pebble answers at once with PEBBLE_VA_NOSLEEP). */
const COMMAND_TIMEOUT_MS = 30_000
/** Longest wait for the reloaded front to hand out the new certificate, or to write its log. */
const FRONT_WAIT_MS = 5_000
/** Fewer requests than this during a renewal would prove nothing about it. */
const MIN_REQUESTS_DURING_RENEWAL = 10

let front: Awaited<ReturnType<typeof startFront>>
let pebble: Awaited<ReturnType<typeof startPebble>>
let work: string
let certDir: string
let httpsPort: number
let pebbleRoot: X509Certificate

/** deploy/server/certificate.mjs pointed at the test's front, folders and pebble. */
async function certificateCommand(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        CERTIFICATE_COMMAND,
        ...args,
        ...['--settings', path.join(work, 'no-settings-file.env')],
        ...['--front-dir', front.dir, '--cert-dir', certDir, '--reload-command', front.reloadCommand],
      ],
      {
        cwd: ROOT,
        timeout: COMMAND_TIMEOUT_MS,
        env: {
          ...process.env,
          ACME_DIRECTORY_URL: pebble.directoryUrl,
          ACME_CA_FILE: pebble.caFile,
          ACME_EMAIL: 'operator@site.test',
          SERVER_URL: `https://${DOMAIN}`,
        },
      },
    )
    return { status: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { status: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** The certificates of a PEM chain, the leaf first. */
const chainOf = (pem: string) =>
  (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []).map((one) => new X509Certificate(one))

/** The answers to the CA's challenges waiting in the front's acme folder. */
const challengesLeft = () => fs.readdirSync(path.join(front.dir, 'acme', ...CHALLENGE_PATH))

const keptChain = () => chainOf(fs.readFileSync(acmeFiles(certDir, DOMAIN).cert, 'utf8'))

/** The probe over a new https connection for DOMAIN, trusting pebble's root only: the certificate served. */
const probe = () =>
  new Promise<X509Certificate>((resolve, reject) => {
    const request = https.get(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: DOMAIN,
        path: PROBE_PATH,
        ca: pebbleRoot.toString(),
        agent: false,
        timeout: FRONT_WAIT_MS,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => {
          if (response.statusCode !== 200 || body !== PROBE_TEXT)
            return reject(new Error(`the front answered ${response.statusCode}: ${body.slice(0, 200)}`))
          resolve((response.socket as import('node:tls').TLSSocket).getPeerX509Certificate()!)
        })
      },
    )
    request.on('timeout', () => request.destroy(new Error('no answer from the front')))
    request.on('error', reject)
  })

const served = async (serial: string) => (await probe().catch(() => null))?.serialNumber === serial

beforeAll(async () => {
  const port = await freePort()
  httpsPort = await freePort()
  // No app behind it: the requests here are answered by the front alone.
  front = await startFront({ appPort: await freePort(), port, httpsPort, media: { inBucket: true } })
  fs.writeFileSync(path.join(front.dir, 'static', 'probe.txt'), PROBE_TEXT)
  pebble = await startPebble({ httpPort: port })
  pebbleRoot = new X509Certificate(await pebble.root())
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-acme-'))
  certDir = path.join(work, 'acme')
})

afterAll(async () => {
  await Promise.allSettled([front?.stop(), pebble?.stop()])
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

describe('the certificate by ACME', () => {
  it("obtains a certificate for the domain from the CA, answering HTTP-01 through the front, keeps it root's alone and leaves no challenge behind", async () => {
    const result = await certificateCommand('obtain')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(`A new certificate for ${DOMAIN}`)

    const [leaf, intermediate] = keptChain()
    expect(leaf.subjectAltName).toBe(`DNS:${DOMAIN}`)
    expect(leaf.checkIssued(intermediate)).toBe(true)
    expect(leaf.verify(intermediate.publicKey)).toBe(true)
    expect(intermediate.verify(pebbleRoot.publicKey)).toBe(true)

    const files = acmeFiles(certDir, DOMAIN)
    const mode = (file: string) => fs.statSync(file).mode & 0o777
    expect(mode(certDir)).toBe(0o700)
    expect(mode(path.dirname(files.cert))).toBe(0o700)
    expect(mode(files.accountKey)).toBe(0o600)
    expect(mode(files.key)).toBe(0o600)
    expect(fs.readdirSync(certDir).sort()).toEqual(['account.key', DOMAIN])
    expect(fs.readdirSync(path.dirname(files.cert)).sort()).toEqual(['directory', 'fullchain.pem', 'privkey.pem'])
    expect(challengesLeft()).toEqual([])

    // The front's configuration names the issued files, and a new connection gets the certificate.
    const conf = fs.readFileSync(path.join(front.dir, 'nginx.conf'), 'utf8')
    expect(conf).toContain(`ssl_certificate ${files.cert};`)
    expect(conf).toContain(`ssl_certificate_key ${files.key};`)
    await waitUntil(() => served(leaf.serialNumber), FRONT_WAIT_MS, 'the front serving the issued certificate')
    // pebble fetched the challenge from the front itself (the reload's old workers write out their logs).
    await waitUntil(
      () =>
        /"GET \/\.well-known\/acme-challenge\/[\w-]+ HTTP\/1\.1" 200/.test(
          fs.readFileSync(path.join(front.dir, 'logs', 'access.log'), 'utf8'),
        ),
      FRONT_WAIT_MS,
      "the front's access log naming the challenge it served",
    )
  })

  it('renew leaves a certificate far from its end alone and says there is nothing to do', async () => {
    const before = fs.readFileSync(acmeFiles(certDir, DOMAIN).cert, 'utf8')
    const result = await certificateCommand('renew')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`Nothing to do: the certificate for ${DOMAIN} has \\d+ days left`))
    expect(fs.readFileSync(acmeFiles(certDir, DOMAIN).cert, 'utf8')).toBe(before)
  })

  it('renew --force gets a new certificate, which the reloaded front serves while no request through it fails', async () => {
    const [old] = keptChain()
    let renewing = true
    let answered = 0
    const failures: string[] = []
    const load = (async () => {
      while (renewing) {
        try {
          await probe()
          answered++
        } catch (error) {
          failures.push(String(error))
        }
      }
    })()
    const result = await certificateCommand('renew', '--force')
    const [renewed, intermediate] = keptChain()
    await waitUntil(() => served(renewed.serialNumber), FRONT_WAIT_MS, 'the front serving the renewed certificate')
    renewing = false
    await load

    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(renewed.serialNumber).not.toBe(old.serialNumber)
    expect(renewed.subjectAltName).toBe(`DNS:${DOMAIN}`)
    expect(intermediate.verify(pebbleRoot.publicKey)).toBe(true)
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThanOrEqual(MIN_REQUESTS_DURING_RENEWAL)
    expect(challengesLeft()).toEqual([])
  })
})

describe('when a certificate is due, and which CA', () => {
  const DAY_MS = 24 * 60 * 60 * 1000

  it(`renewal is due with no certificate, with fewer than ${RENEW_WITHIN_DAYS} days left, or once the settings name another directory`, () => {
    const kept = keptCertificate(certDir, DOMAIN)!
    const ends = Date.parse(new X509Certificate(kept.pem).validTo)
    const directoryUrl = pebble.directoryUrl
    expect(renewalDue(null, { directoryUrl }).due).toBe(true)
    expect(renewalDue(kept, { directoryUrl, now: ends - (RENEW_WITHIN_DAYS + 1) * DAY_MS }).due).toBe(false)
    expect(renewalDue(kept, { directoryUrl, now: ends - (RENEW_WITHIN_DAYS - 1) * DAY_MS }).due).toBe(true)
    expect(renewalDue(kept, { directoryUrl: LETS_ENCRYPT_DIRECTORIES.production }).due).toBe(true)
  })

  it("asks Let's Encrypt's production directory unless told its staging one or another, and refuses settings it cannot use", () => {
    expect(acmeSettings({}).directoryUrl).toBe(LETS_ENCRYPT_DIRECTORIES.production)
    expect(acmeSettings({}, { staging: true }).directoryUrl).toBe(LETS_ENCRYPT_DIRECTORIES.staging)
    expect(acmeSettings({ ACME_DIRECTORY_URL: pebble.directoryUrl }).directoryUrl).toBe(pebble.directoryUrl)
    expect(() => acmeSettings({ ACME_DIRECTORY_URL: 'http://127.0.0.1/dir' })).toThrow(/must be an https:\/\/ address/)
    expect(() => acmeSettings({ ACME_EMAIL: 'operator' })).toThrow(/ACME_EMAIL is not an email address/)
    expect(() => acmeSettings({ ACME_CA_FILE: path.join(work, 'missing.pem') })).toThrow(/ACME_CA_FILE names no file/)
    expect(() => acmeSettings({ ACME_DIRECTORY_URL: pebble.directoryUrl }, { staging: true })).toThrow(
      /--staging asks for Let's Encrypt's staging directory/,
    )
  })

  it('install uses ACME with --acme, --staging or ACME_DIRECTORY_URL, and keeps the directory it asked in the settings file', () => {
    expect(acmeSettingsFrom({ ACME_EMAIL: 'operator@site.test' })).toEqual({})
    expect(acmeSettingsFrom({}, { acme: true })).toEqual({ ACME_DIRECTORY_URL: LETS_ENCRYPT_DIRECTORIES.production })
    expect(acmeSettingsFrom({ ACME_EMAIL: 'operator@site.test' }, { staging: true })).toEqual({
      ACME_DIRECTORY_URL: LETS_ENCRYPT_DIRECTORIES.staging,
      ACME_EMAIL: 'operator@site.test',
    })
    expect(acmeSettingsFrom({ ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.caFile })).toEqual({
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_CA_FILE: pebble.caFile,
    })
  })
})
