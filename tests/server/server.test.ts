// docs/servers.md's "On a server", typed as an operator would into a booted Debian 12 with systemd as
// PID 1 (tests/server/support/container.ts): a release made once on the build machine (this checkout,
// from the build its tests used) and copied over, deployed from itself on a server with no checkout,
// the install with a certificate from an ACME CA (Let's Encrypt's test CA, pebble, on the host), then
// what the server promises; last, the server lost and its site restored onto a new one from its
// encrypted off-site backup (recovery.ts). Each test is a step and needs the ones before it.
// `npm run test:server`.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startPebble } from '../support/pebble'
import { Container, until } from './support/container'
import {
  copiedToServer,
  DOMAIN,
  firstDeploy,
  front,
  inRelease,
  releasesMadeInTurn,
  releaseName,
  releaseNow,
  removeReleasesMade,
  siteAnswers,
  underRequests,
} from './support/operator'
import { recoveryWalk } from './support/recovery'
import { PEERS_OF_A, twoServersWalk } from './support/twoServers'
import { servedCertificate } from './support/visitors'

/**
 * The container shares the host's network: while it runs, its front holds 80 and 443, Debian's
 * PostgreSQL 5432 and Redis 6379 (no suite of the project takes these), and its instances ports no
 * other suite takes. pebble, on the host, fetches its HTTP-01 challenges from the front on port 80.
 */
const INSTANCES = [3741, 3742]
/** The ACME CA's own certificate on the server (a test CA's: ACME_CA_FILE). */
const ACME_CA_FILE = '/etc/ssl/acme-test-ca.pem'

const RELEASE_MS = 5 * 60_000
const DEPLOY_MS = 5 * 60_000
const INSTALL_MS = 10 * 60_000
const BACK_AFTER_BOOT_MS = 90_000
/** docs/servers.md, "On a server": an instance killed is started again by systemd within this. */
const BACK_AFTER_KILL_MS = 5_000
/** A reloaded front's new workers present a new certificate within this. */
const RELOADED_MS = 5_000
/**
 * A step of a few short commands (each bounded itself: curl's --max-time, BACK_AFTER_KILL_MS): the
 * test runner's bound around them, so that a busy machine is not read as a failure of what they check.
 */
const SHORT_STEP_MS = 60_000

const server = { container: null as unknown as Container }
let pebble: Awaited<ReturnType<typeof startPebble>>
let firstArchive = ''
/**
 * The first release, the one deployed over it, and the one the two servers take in turn (twoServers.ts),
 * packed on the host one after the other while the servers boot and install.
 */
let releases: Promise<string>[] = []

const mainPid = async (port: number) =>
  Number((await server.container.run(`systemctl show -p MainPID --value site@${port}.service`)).trim())

/** The install of docs/servers.md, step 2, with --acme against pebble: what a new server runs after its first deploy. */
async function install(container: Container, env = '') {
  fs.copyFileSync(pebble.caFile, path.join(container.rootfs, ACME_CA_FILE))
  const acme = `ACME_DIRECTORY_URL=${pebble.directoryUrl} ACME_CA_FILE=${ACME_CA_FILE} ACME_EMAIL=owner@${DOMAIN}`
  await container.run(
    inRelease(
      // Server B's instances too, once it runs (twoServers.ts); until then the front finds them closed and asks its own.
      `deploy/server/install.mjs --domain ${DOMAIN} --instances ${INSTANCES.join(',')} --peers ${PEERS_OF_A} --acme`,
      `${acme} ${env}`,
    ),
    { timeoutMs: INSTALL_MS },
  )
}

/** A new server from the cached base, booted, with the first release deployed from itself. */
async function withFirstRelease() {
  const container = Container.fresh()
  await container.boot()
  await container.run(firstDeploy(copiedToServer(container, firstArchive)), { timeoutMs: DEPLOY_MS })
  return container
}

/** A new server with the first release deployed and installed. */
async function newServer(env = '') {
  const container = await withFirstRelease()
  await install(container, env)
  return container
}

beforeAll(async () => {
  releases = releasesMadeInTurn(3)
  server.container = Container.fresh()
  pebble = await startPebble({ httpPort: 80 })
  await server.container.boot()
}, 15 * 60_000)

// Each step says it starts: `npm test` ends a suite that prints nothing for 10 minutes, and the steps are long.
beforeEach(({ task }) => console.log(`> ${task.name}`))

afterAll(async () => {
  await server.container?.destroy()
  await pebble?.stop()
  removeReleasesMade()
}, 5 * 60_000)

describe('a Debian 12 server, from bare to a supervised HTTPS site', () => {
  test(
    'a release made once on the build machine, deployed from itself on a server with no checkout',
    async () => {
      firstArchive = await releases[0]
      await server.container.run(firstDeploy(copiedToServer(server.container, firstArchive)), { timeoutMs: DEPLOY_MS })
      expect(await releaseNow(server.container)).toBe(`/opt/site/releases/${releaseName(firstArchive)}`)
      // Nothing was built there: the server has no Node or npm of its own.
      expect(await server.container.exec('command -v node npm')).toMatchObject({ stdout: '' })
    },
    RELEASE_MS + DEPLOY_MS,
  )

  test(
    'the install command starts the site over HTTPS and HTTP/2 with a certificate from the ACME CA',
    async () => {
      await install(server.container)
      expect(await front(server.container, 'https', '127.0.0.1')).toMatchObject({ version: '2', status: 200 })
      expect(await servedCertificate(DOMAIN, await pebble.root())).toMatchObject({ trusted: true, why: null })
    },
    INSTALL_MS + 60_000,
  )

  test(
    'the site answers over IPv6 too',
    async () => {
      expect(await front(server.container, 'https', '[::1]')).toMatchObject({ version: '2', status: 200 })
    },
    SHORT_STEP_MS,
  )

  test(
    'HTTP is redirected to HTTPS',
    async () => {
      const answer = await front(server.container, 'http', '127.0.0.1', '/contact')
      expect(answer.status).toBe(301)
      expect(answer.redirect).toBe(`https://${DOMAIN}/contact`)
    },
    SHORT_STEP_MS,
  )

  test(
    'after a reboot the site is back by itself',
    async () => {
      await server.container.reboot()
      await siteAnswers(server.container, 'the site after a reboot', BACK_AFTER_BOOT_MS)
      expect(
        await server.container.run(
          'systemctl is-active site-front.service ' + INSTANCES.map((p) => `site@${p}`).join(' '),
        ),
      ).toBe('active\n'.repeat(INSTANCES.length + 1))
    },
    3 * 60_000,
  )

  test(
    'an instance killed with SIGKILL is serving again within 5 s',
    async () => {
      const [port] = INSTANCES
      const before = await mainPid(port)
      await server.container.run(`kill -9 ${before}`)
      const killedAt = Date.now()
      await until(`site@${port} after kill -9`, BACK_AFTER_KILL_MS, async () => {
        const health = await server.container.exec(
          `curl -sf --max-time 1 -o /dev/null http://127.0.0.1:${port}/api/health`,
        )
        return health.code === 0 ? true : undefined
      })
      expect(Date.now() - killedAt).toBeLessThan(BACK_AFTER_KILL_MS)
      expect(await mainPid(port)).not.toBe(before)
    },
    SHORT_STEP_MS,
  )

  test(
    'with every instance stopped the front answers with the branded maintenance page',
    async () => {
      await server.container.run(`systemctl stop ${INSTANCES.map((port) => `site@${port}`).join(' ')}`)
      // A page the front has not kept: one it keeps is served from its cache while the instances are down.
      const answer = await front(server.container, 'https', '127.0.0.1', '/contact')
      expect(answer.status).toBeGreaterThanOrEqual(500)
      const served = await server.container.run('cat /tmp/body')
      expect(served).toBe(await server.container.run('cat /var/lib/site-front/maintenance.html'))
      expect(served).toMatch(/Cardinal Title/)
      await server.container.run('systemctl start site.target')
      await siteAnswers(server.container, 'the site started again', BACK_AFTER_BOOT_MS)
    },
    3 * 60_000,
  )

  test(
    'a new release deployed while requests go on: none fails',
    async () => {
      const archive = await releases[1]
      const copied = copiedToServer(server.container, archive)
      await underRequests(server.container, `deploy/server/deploy.mjs --release ${copied}`, DEPLOY_MS)
      expect(await releaseNow(server.container)).toBe(`/opt/site/releases/${releaseName(archive)}`)
    },
    RELEASE_MS + DEPLOY_MS,
  )

  test(
    'rolled back to the release before while requests go on: none fails',
    async () => {
      await underRequests(server.container, 'deploy/server/deploy.mjs --rollback', DEPLOY_MS)
      expect(await releaseNow(server.container)).toBe(`/opt/site/releases/${releaseName(firstArchive)}`)
    },
    DEPLOY_MS + 60_000,
  )

  test(
    'the certificate renewed while requests go on: none fails, and the front presents the new one',
    async () => {
      const root = await pebble.root()
      const before = await servedCertificate(DOMAIN, root)
      await underRequests(server.container, 'deploy/server/certificate.mjs renew --force', DEPLOY_MS)
      const after = await until('the front presenting the renewed certificate', RELOADED_MS, async () => {
        const served = await servedCertificate(DOMAIN, root)
        return served.serialNumber !== before.serialNumber ? served : undefined
      })
      expect(after).toMatchObject({ trusted: true, why: null })
    },
    DEPLOY_MS + 60_000,
  )
})

twoServersWalk(server, {
  withFirstRelease,
  installMs: INSTALL_MS,
  deployMs: DEPLOY_MS,
  instancesOfA: INSTANCES,
  nextRelease: () => releases[2],
})
recoveryWalk(server, { newServer, deployMs: DEPLOY_MS, installMs: INSTALL_MS, instance: INSTANCES[0] })
