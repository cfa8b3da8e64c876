// The site on two servers (docs/servers.md, "Two or more servers"): server B, installed from the same
// release as server A, without a front, with A's PostgreSQL, Redis and PAYLOAD_SECRET; A's front lists
// B's instances (--peers) from its own install on. The containers share the host's network, so B's
// instances listen on an address of their own on loopback (127.0.0.2), on ports A's do not take.
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { readEnvFile } from '../../../deploy/server/installSystem.mjs'
import { unquoted } from '../../../deploy/server/siteEnv.mjs'
import { type Container, until } from './container'
import { DOMAIN, front, inRelease } from './operator'

/** Server B's instances: where A's front reaches them. */
export const SERVER_B = { address: '127.0.0.2', instances: [3743, 3744] }
/** What A's install lists in --peers. */
export const PEERS_OF_A = SERVER_B.instances.map((port) => `${SERVER_B.address}:${port}`).join(',')
const HEALTH_MS = 2_000
const BACK_MS = 90_000
const BUILD_ID = '/opt/site/current/.next/BUILD_ID'

type Steps = {
  /** A new server booted from the cached base with the release A started from deployed (not installed). */
  withFirstRelease: () => Promise<Container>
  installMs: number
  deployMs: number
  /** Server A's own instances. */
  instancesOfA: number[]
}

/** The instance at `origin` once it answers ready: its readiness (src/platform/health.ts). */
const answersReady = (origin: string, step: string) =>
  until(step, BACK_MS, async () => {
    const health = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(HEALTH_MS) })
    return health.ok ? ((await health.json()) as Record<string, unknown>) : undefined
  })

/** A server's /etc/site/site.env, as its readers take it. */
function settingsOf(container: Container) {
  const values = readEnvFile(path.join(container.rootfs, 'etc', 'site', 'site.env'))
  return (name: string) => unquoted(values[name]) ?? ''
}

export function twoServersWalk(server: { container: Container }, steps: Steps) {
  describe("a second server behind the first one's front, with its database and Redis", () => {
    let b: Container | null = null
    afterAll(async () => {
      await b?.destroy()
    }, steps.deployMs)

    test(
      "server B, installed from A's release without a front with A's PostgreSQL and Redis, runs none of its own and the same build",
      async () => {
        const a = server.container
        const setting = settingsOf(a)
        b = await steps.withFirstRelease()
        // As the operator gives them: in the environment, never on the command line.
        const shared = ['DATABASE_URL', 'REDIS_URL', 'PAYLOAD_SECRET'].map((name) => `${name}='${setting(name)}'`)
        const options = `--no-front --listen ${SERVER_B.address} --instances ${SERVER_B.instances.join(',')}`
        await b.run(inRelease(`deploy/server/install.mjs --domain ${DOMAIN} ${options}`, shared.join(' ')), {
          timeoutMs: steps.installMs,
        })
        const local = await b.exec('command -v nginx redis-server; ls /usr/lib/postgresql/*/bin/postgres')
        expect(local.stdout).toBe('')
        // Read inside: `current` is a link to an absolute path, the server's own.
        expect(await b.run(`cat ${BUILD_ID}`)).toBe(await a.run(`cat ${BUILD_ID}`))
        for (const port of SERVER_B.instances)
          expect(await answersReady(`http://${SERVER_B.address}:${port}`, `site@${port} on B`)).toMatchObject({
            database: 'up',
            redis: 'up',
          })
      },
      steps.installMs + steps.deployMs,
    )

    test(
      "with A's instances stopped, A's front serves a page from B's, and the shared Redis holds one build's page cache",
      async () => {
        const a = server.container
        await a.run(`systemctl stop ${steps.instancesOfA.map((port) => `site@${port}`).join(' ')}`)
        try {
          // An address the front has never kept: only an instance can answer it, and only B's run.
          const answer = await front(a, 'https', '127.0.0.1', '/contact?served-by=b')
          expect(answer.status).toBe(200)
          expect(await a.run('cat /tmp/body')).toMatch(/Cardinal Title/)
        } finally {
          await a.run('systemctl start site.target')
          // Each of A's own, not the front (B's answer there meanwhile): the next steps ask A's first instance.
          for (const port of steps.instancesOfA) await answersReady(`http://127.0.0.1:${port}`, `site@${port} on A`)
        }
        const buildId = (await a.run(`cat ${BUILD_ID}`)).trim()
        const password = new URL(settingsOf(a)('REDIS_URL')).password
        const keys = await a.run(`REDISCLI_AUTH='${password}' redis-cli --no-auth-warning --scan --pattern 'site:*'`)
        const cached = keys.split('\n').filter(Boolean)
        expect(cached.length).toBeGreaterThan(0)
        expect(cached.filter((key) => !key.startsWith(`site:${buildId}:`))).toEqual([])
      },
      3 * 60_000,
    )
  })
}
