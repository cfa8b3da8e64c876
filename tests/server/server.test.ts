// docs/servers.md's "On a server", typed as an operator would into a booted Debian 12 with systemd as
// PID 1 (tests/server/support/container.ts): the first release, the install, then what the server
// promises. Each test is a step and needs the ones before it. `npm run test:server`.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Container, ROOT, until } from './support/container'

/**
 * The container shares the host's network: while it runs, its front holds 80 and 443, Debian's
 * PostgreSQL 5432 and Redis 6379 (no suite of the project takes these), and its instances ports no
 * other suite takes.
 */
const INSTANCES = [3741, 3742]
const DOMAIN = 'site.test'
const CHECKOUT = '/opt/site/checkout'
/** The operator's shell in the checkout, with the project's Node first on the PATH (common to every command). */
const inCheckout = (command: string) => `cd ${CHECKOUT} && export PATH=$PWD/node_modules/.bin:$PATH && ${command}`

const DEPLOY_MS = 20 * 60_000
const INSTALL_MS = 10 * 60_000
const BACK_AFTER_BOOT_MS = 90_000
/** docs/servers.md, "On a server": an instance killed is started again by systemd within this. */
const BACK_AFTER_KILL_MS = 5_000
const CURL_SECONDS = 10
/** A request of the loop during a deploy that takes longer counts as failed. */
const LOOP_REQUEST_MS = 10_000

/** curl inside the container, to the front at `address` for the site's domain: "<http version> <status> <redirect>". */
const curlFront = (scheme: 'http' | 'https', address: string, urlPath = '/') => {
  const port = scheme === 'https' ? 443 : 80
  return (
    `curl -sk --http2 --max-time ${CURL_SECONDS} -o /tmp/body -w '%{http_version} %{http_code} %{redirect_url}' ` +
    `--resolve ${DOMAIN}:${port}:${address} ${scheme}://${DOMAIN}${urlPath}`
  )
}

let container: Container

async function front(scheme: 'http' | 'https', address: string, urlPath = '/') {
  const [version, status, redirect] = (await container.run(curlFront(scheme, address, urlPath))).split(' ')
  return { version, status: Number(status), redirect }
}

async function siteAnswers(step: string, ms: number) {
  await until(step, ms, async () => ((await front('https', '127.0.0.1')).status === 200 ? true : undefined))
}

const mainPid = async (port: number) =>
  Number((await container.run(`systemctl show -p MainPID --value site@${port}.service`)).trim())

beforeAll(async () => {
  // The clone comes from this checkout's repository, read-only at the same path inside.
  const gitDir = execSync('git rev-parse --path-format=absolute --git-common-dir', {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim()
  container = Container.fresh({ readOnlyBinds: [...new Set([ROOT, gitDir])] })
  await container.boot()
}, 15 * 60_000)

afterAll(async () => {
  await container?.destroy()
}, 5 * 60_000)

describe('a Debian 12 server, from bare to a supervised HTTPS site', () => {
  test(
    'the first release: the repository cloned into /opt/site/checkout, its dependencies, a deploy',
    async () => {
      await container.run(`git clone --quiet file://${ROOT} ${CHECKOUT}`)
      // `npm ci` stands in as a copy of this checkout's installed dependencies (the same lock file):
      // the container has no npm of its own before the project's, and a download would take minutes.
      const modules = fs.realpathSync(path.join(ROOT, 'node_modules'))
      const installed = path.join(container.rootfs, CHECKOUT, 'node_modules')
      execSync(`cp -a ${modules}/. ${installed}/`)
      // What `npm start` writes once it installed, and `npm ci` does not.
      fs.rmSync(path.join(installed, '.install-stamp'), { force: true })
      await container.run(inCheckout('node deploy/server/deploy.mjs'), { timeoutMs: DEPLOY_MS })
      expect(await container.run('readlink /opt/site/current')).toMatch(/^\/opt\/site\/releases\//)
    },
    DEPLOY_MS + 60_000,
  )

  test(
    'the install command starts the site over HTTPS and HTTP/2 on a self-signed certificate',
    async () => {
      await container.run(
        inCheckout(`node deploy/server/install.mjs --domain ${DOMAIN} --instances ${INSTANCES.join(',')}`),
        {
          timeoutMs: INSTALL_MS,
        },
      )
      expect(await front('https', '127.0.0.1')).toMatchObject({ version: '2', status: 200 })
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
})

/** Requests to the front one after another until `stop` is called: how many answered 200, and the rest. */
function requestLoop() {
  let stopped = false
  const counts = { ok: 0, failed: [] as string[] }
  const once = () =>
    new Promise<void>((resolve) => {
      const request = https.get(
        {
          host: '127.0.0.1',
          port: 443,
          path: '/',
          servername: DOMAIN,
          headers: { host: DOMAIN },
          rejectUnauthorized: false,
          // A connection of its own each: a kept-alive one closed by a reload of the front as it is reused
          // fails on the client's side (a browser sends such a request again); the suite counts the server's.
          agent: false,
          timeout: LOOP_REQUEST_MS,
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            if (response.statusCode === 200) counts.ok++
            else counts.failed.push(`status ${response.statusCode}`)
            resolve()
          })
        },
      )
      request.on('timeout', () => request.destroy(new Error(`no answer within ${LOOP_REQUEST_MS} ms`)))
      request.on('error', (error) => {
        counts.failed.push(error.message)
        resolve()
      })
    })
  const running = (async () => {
    while (!stopped) await once()
  })()
  return {
    async stop() {
      stopped = true
      await running
      return counts
    },
  }
}

const releaseNow = async () => (await container.run('readlink /opt/site/current')).trim()

/** Runs an operator's command inside while requests go on, and checks that each of them was answered. */
async function underRequests(command: string, timeoutMs: number) {
  const loop = requestLoop()
  try {
    await container.run(inCheckout(command), { timeoutMs })
  } finally {
    const counts = await loop.stop()
    expect(counts.failed).toEqual([])
    expect(counts.ok).toBeGreaterThan(0)
  }
}

describe('deploys on the server', () => {
  let first = ''

  test(
    'a new release deployed while requests go on: none fails',
    async () => {
      first = await releaseNow()
      await underRequests('node deploy/server/deploy.mjs', DEPLOY_MS)
      expect(await releaseNow()).not.toBe(first)
    },
    DEPLOY_MS + 60_000,
  )

  test(
    'rolled back to the release before while requests go on: none fails',
    async () => {
      await underRequests('node deploy/server/deploy.mjs --rollback', INSTALL_MS)
      expect(await releaseNow()).toBe(first)
    },
    INSTALL_MS + 60_000,
  )
})
