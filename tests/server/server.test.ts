// docs/servers.md's "On a server", typed as an operator would into a booted Debian 12 with systemd as
// PID 1 (tests/server/support/container.ts): a release made once on the build machine (this checkout,
// from the build its tests used) and copied over, deployed from itself on a server with no checkout,
// the install with a certificate from an ACME CA (Let's Encrypt's test CA, pebble, on the host), then
// what the server promises. Each test is a step and needs the ones before it. `npm run test:server`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startPebble } from '../support/pebble'
import { Container, ROOT, until } from './support/container'
import { requestLoop, servedCertificate } from './support/visitors'

/**
 * The container shares the host's network: while it runs, its front holds 80 and 443, Debian's
 * PostgreSQL 5432 and Redis 6379 (no suite of the project takes these), and its instances ports no
 * other suite takes. pebble, on the host, fetches its HTTP-01 challenges from the front on port 80.
 */
const INSTANCES = [3741, 3742]
const DOMAIN = 'site.test'
/** Where the operator copies release archives on the server, and the ACME CA's own certificate (a test CA's). */
const UPLOADS = '/root/releases'
const ACME_CA_FILE = '/etc/ssl/acme-test-ca.pem'
/** The release's own Node and folder, as docs/servers.md has the operator run every command after the first deploy. */
const CURRENT = '/opt/site/current'
const inRelease = (command: string, env = '') => `cd ${CURRENT} && ${env} node_modules/.bin/node ${command}`

const RELEASE_MS = 5 * 60_000
const DEPLOY_MS = 5 * 60_000
const INSTALL_MS = 10 * 60_000
const BACK_AFTER_BOOT_MS = 90_000
/** docs/servers.md, "On a server": an instance killed is started again by systemd within this. */
const BACK_AFTER_KILL_MS = 5_000
const CURL_SECONDS = 10
/** A reloaded front's new workers present a new certificate within this. */
const RELOADED_MS = 5_000

/** curl inside the container, to the front at `address` for the site's domain: "<http version> <status> <redirect>". */
const curlFront = (scheme: 'http' | 'https', address: string, urlPath = '/') => {
  const port = scheme === 'https' ? 443 : 80
  return (
    `curl -sk --http2 --max-time ${CURL_SECONDS} -o /tmp/body -w '%{http_version} %{http_code} %{redirect_url}' ` +
    `--resolve ${DOMAIN}:${port}:${address} ${scheme}://${DOMAIN}${urlPath}`
  )
}

let container: Container
let pebble: Awaited<ReturnType<typeof startPebble>>

async function front(scheme: 'http' | 'https', address: string, urlPath = '/') {
  const [version, status, redirect] = (await container.run(curlFront(scheme, address, urlPath))).split(' ')
  return { version, status: Number(status), redirect }
}

async function siteAnswers(step: string, ms: number) {
  await until(step, ms, async () => ((await front('https', '127.0.0.1')).status === 200 ? true : undefined))
}

const mainPid = async (port: number) =>
  Number((await container.run(`systemctl show -p MainPID --value site@${port}.service`)).trim())

/**
 * `npm run release -- --built` on the build machine (this checkout, the build its tests used), the
 * archive and its sha256 written straight into the server's upload folder; the archive's path there.
 */
function releaseCopiedToServer(): string {
  const out = path.join(container.rootfs, UPLOADS)
  const before = new Set(fs.existsSync(out) ? fs.readdirSync(out) : [])
  const made = spawnSync(process.execPath, ['scripts/release.mjs', '--built', '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: RELEASE_MS,
  })
  if (made.status !== 0) throw new Error(`npm run release failed:\n${made.stdout}\n${made.stderr}`)
  const archive = fs.readdirSync(out).find((file) => file.endsWith('.tar.gz') && !before.has(file))
  if (!archive) throw new Error(`npm run release wrote no archive into ${out}`)
  return path.posix.join(UPLOADS, archive)
}

const releaseName = (archive: string) => path.posix.basename(archive, '.tar.gz')
const releaseNow = async () => (await container.run(`readlink ${CURRENT}`)).trim()

beforeAll(async () => {
  container = Container.fresh()
  pebble = await startPebble({ httpPort: 80 })
  await container.boot()
}, 15 * 60_000)

// Each step says it starts: `npm test` ends a suite that prints nothing for 10 minutes, and the steps are long.
beforeEach(({ task }) => console.log(`> ${task.name}`))

afterAll(async () => {
  await container?.destroy()
  await pebble?.stop()
}, 5 * 60_000)

describe('a Debian 12 server, from bare to a supervised HTTPS site', () => {
  let first = ''

  test(
    'a release made once on the build machine, deployed from itself on a server with no checkout',
    async () => {
      const archive = releaseCopiedToServer()
      first = releaseName(archive)
      // docs/servers.md, step 1: unpacked once anywhere, its own Node runs its deploy command.
      await container.run(
        `mkdir /tmp/r && tar -xzf ${archive} -C /tmp/r && /tmp/r/node_modules/.bin/node /tmp/r/deploy/server/deploy.mjs --release ${archive}`,
        { timeoutMs: DEPLOY_MS },
      )
      expect(await releaseNow()).toBe(`/opt/site/releases/${first}`)
      // Nothing was built there: the server has no Node or npm of its own.
      expect(await container.exec('command -v node npm')).toMatchObject({ stdout: '' })
    },
    RELEASE_MS + DEPLOY_MS,
  )

  test(
    'the install command starts the site over HTTPS and HTTP/2 with a certificate from the ACME CA',
    async () => {
      fs.copyFileSync(pebble.caFile, path.join(container.rootfs, ACME_CA_FILE))
      const acme = `ACME_DIRECTORY_URL=${pebble.directoryUrl} ACME_CA_FILE=${ACME_CA_FILE} ACME_EMAIL=owner@${DOMAIN}`
      await container.run(
        inRelease(`deploy/server/install.mjs --domain ${DOMAIN} --instances ${INSTANCES.join(',')} --acme`, acme),
        { timeoutMs: INSTALL_MS },
      )
      expect(await front('https', '127.0.0.1')).toMatchObject({ version: '2', status: 200 })
      expect(await servedCertificate(DOMAIN, await pebble.root())).toMatchObject({ trusted: true, why: null })
    },
    INSTALL_MS + 60_000,
  )

  test('the site answers over IPv6 too', async () => {
    expect(await front('https', '[::1]')).toMatchObject({ version: '2', status: 200 })
  })

  test('HTTP is redirected to HTTPS', async () => {
    const answer = await front('http', '127.0.0.1', '/contact')
    expect(answer.status).toBe(301)
    expect(answer.redirect).toBe(`https://${DOMAIN}/contact`)
  })

  test(
    'after a reboot the site is back by itself',
    async () => {
      await container.reboot()
      await siteAnswers('the site after a reboot', BACK_AFTER_BOOT_MS)
      expect(
        await container.run('systemctl is-active site-front.service ' + INSTANCES.map((p) => `site@${p}`).join(' ')),
      ).toBe('active\n'.repeat(INSTANCES.length + 1))
    },
    3 * 60_000,
  )

  test('an instance killed with SIGKILL is serving again within 5 s', async () => {
    const [port] = INSTANCES
    const before = await mainPid(port)
    await container.run(`kill -9 ${before}`)
    const killedAt = Date.now()
    await until(`site@${port} after kill -9`, BACK_AFTER_KILL_MS, async () => {
      const health = await container.exec(`curl -sf --max-time 1 -o /dev/null http://127.0.0.1:${port}/api/health`)
      return health.code === 0 ? true : undefined
    })
    expect(Date.now() - killedAt).toBeLessThan(BACK_AFTER_KILL_MS)
    expect(await mainPid(port)).not.toBe(before)
  })

  test(
    'with every instance stopped the front answers with the branded maintenance page',
    async () => {
      await container.run(`systemctl stop ${INSTANCES.map((port) => `site@${port}`).join(' ')}`)
      // A page the front has not kept: one it keeps is served from its cache while the instances are down.
      const answer = await front('https', '127.0.0.1', '/contact')
      expect(answer.status).toBeGreaterThanOrEqual(500)
      const served = await container.run('cat /tmp/body')
      expect(served).toBe(await container.run('cat /var/lib/site-front/maintenance.html'))
      expect(served).toMatch(/Cardinal Title/)
      await container.run('systemctl start site.target')
      await siteAnswers('the site started again', BACK_AFTER_BOOT_MS)
    },
    3 * 60_000,
  )

  test(
    'a new release deployed while requests go on: none fails',
    async () => {
      const archive = releaseCopiedToServer()
      await underRequests(`deploy/server/deploy.mjs --release ${archive}`, DEPLOY_MS)
      expect(await releaseNow()).toBe(`/opt/site/releases/${releaseName(archive)}`)
    },
    RELEASE_MS + DEPLOY_MS,
  )

  test(
    'rolled back to the release before while requests go on: none fails',
    async () => {
      await underRequests('deploy/server/deploy.mjs --rollback', DEPLOY_MS)
      expect(await releaseNow()).toBe(`/opt/site/releases/${first}`)
    },
    DEPLOY_MS + 60_000,
  )

  test(
    'the certificate renewed while requests go on: none fails, and the front presents the new one',
    async () => {
      const root = await pebble.root()
      const before = await servedCertificate(DOMAIN, root)
      await underRequests('deploy/server/certificate.mjs renew --force', DEPLOY_MS)
      const after = await until('the front presenting the renewed certificate', RELOADED_MS, async () => {
        const served = await servedCertificate(DOMAIN, root)
        return served.serialNumber !== before.serialNumber ? served : undefined
      })
      expect(after).toMatchObject({ trusted: true, why: null })
    },
    DEPLOY_MS + 60_000,
  )
})

/** Runs an operator's command in the current release while requests go on, and checks that each of them was answered. */
async function underRequests(command: string, timeoutMs: number) {
  const loop = requestLoop(DOMAIN)
  try {
    await container.run(inRelease(command), { timeoutMs })
  } finally {
    const counts = await loop.stop()
    expect(counts.failed).toEqual([])
    expect(counts.ok).toBeGreaterThan(0)
  }
}
