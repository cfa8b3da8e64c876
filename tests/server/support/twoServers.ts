// The site on two servers (docs/servers.md, "Two or more servers"): server B, installed from the same
// release as server A, without a front, with A's PostgreSQL, Redis and PAYLOAD_SECRET; A's front lists
// B's instances (--peers) from its own install on. The containers share the host's network, so B's
// instances listen on an address of their own on loopback (127.0.0.2), on ports A's do not take.
// Then what the two share, asked of each server's instances straight: a publish on one shows on the
// other, a chat crosses from one to the other and back, an upload made on one is served by the other
// from the S3 store both keep uploads in, and a new release deployed on one, then the other, loses
// none of the requests sent through A's front meanwhile.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readEnvFile } from '../../../deploy/server/installSystem.mjs'
import { unquoted } from '../../../deploy/server/siteEnv.mjs'
import { freePort } from '../../support/ports'
import { startTempS3, type TempS3 } from '../../support/s3'
import { chatEvents, readFrames } from '../../support/sseFrames'
import { type Container, until } from './container'
import {
  copiedToServer,
  DOMAIN,
  doctorStatuses,
  front,
  inRelease,
  releaseName,
  releaseNow,
  removeSettings,
  underRequests,
  addSettings,
} from './operator'
import type { LoopRequest } from './visitors'
import { firstAdminOf, sha256, siteOverHttp } from './siteOverHttp'

/** Server B's instances: where A's front reaches them. */
export const SERVER_B = { address: '127.0.0.2', instances: [3743, 3744] }
/** What A's install lists in --peers. */
export const PEERS_OF_A = SERVER_B.instances.map((port) => `${SERVER_B.address}:${port}`).join(',')
const HEALTH_MS = 2_000
const BACK_MS = 90_000
const BUILD_ID = '/opt/site/current/.next/BUILD_ID'
/** DESIGN.md: a publish is visible within 2 s, on every instance (src/platform/caches.ts keeps inside it). */
const PUBLISH_VISIBLE_MS = 2_000
/** The bound of the chat step's waits: a message sent on one server reaching a stream held on the other (through the shared Redis). */
const CHAT_CROSSES_MS = 10_000
const SHORT_STEP_MS = 60_000
/** What the walk publishes and says, found by these words. */
const CROSSING = {
  page: { title: 'Two servers', slug: 'two-servers', heading: 'Published through server A' },
  edited: 'Edited through server B',
  visitor: 'Does a chat opened on server B reach the office?',
  agent: 'It does: answered from server A.',
  upload: 'parcel-map-from-server-a.png',
  /** A visitor's messages sent through A's front while B deploys: the n-th says this and n. */
  duringDeploy: 'Written while server B deployed, number',
}
/** A visitor's pause between two messages during the deploy: under the chat's 20 per 10 s (CHAT_POST_LIMIT). */
const WRITE_PAUSE_MS = 700

type Steps = {
  /** A new server booted from the cached base with the release A started from deployed (not installed). */
  withFirstRelease: () => Promise<Container>
  installMs: number
  deployMs: number
  /** Server A's own instances. */
  instancesOfA: number[]
  /** A release newer than any deployed yet, made on the build machine: deployed on A, then on B. */
  nextRelease: () => Promise<string>
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

/** How long until the page at `address` of `site` holds `text`, failing past the design's 2 s. */
async function visibleAfter(site: ReturnType<typeof siteOverHttp>, address: string, text: string, step: string) {
  const started = Date.now()
  await until(step, PUBLISH_VISIBLE_MS, async () =>
    (await site.pageText(address, PUBLISH_VISIBLE_MS)).includes(text) ? true : undefined,
  )
  const took = Date.now() - started
  expect(took, step).toBeLessThanOrEqual(PUBLISH_VISIBLE_MS)
  return took
}

/** The chat event saying `text` on the event stream `stream`, once it comes; the wait fails naming `step`. */
function heardOn(stream: Response, text: string, step: string) {
  const heard = readFrames(stream, (frames) => chatEvents(frames).some((event) => event.text === text)).then(
    (frames) => {
      const event = chatEvents(frames).find((said) => said.text === text)
      if (!event) throw new Error(`${step}: the stream ended first`)
      return event
    },
    (error: Error) => {
      throw new Error(`${step}: not within ${CHAT_CROSSES_MS} ms (${error.message})`)
    },
  )
  // A failure is the step's that awaits it; until then it is no unhandled rejection.
  heard.catch(() => {})
  return heard
}

export function twoServersWalk(server: { container: Container }, steps: Steps) {
  describe("a second server behind the first one's front, with its database and Redis", () => {
    let b: Container | null = null
    /** The S3 store both servers keep uploads in (docs/servers.md, "Two or more servers"). */
    let uploads: TempS3 | null = null
    beforeAll(async () => {
      uploads = await startTempS3({ port: await freePort() })
      // As the operator adds it to A's site.env; A's instances take it at their next start (the next step's).
      addSettings(server.container, uploads.env)
    })
    afterAll(async () => {
      await b?.destroy()
      // The walks after this one find A keeping its uploads on its own disk again.
      if (uploads) {
        removeSettings(server.container, Object.keys(uploads.env))
        await server.container.run('systemctl restart site.target', { timeoutMs: steps.deployMs })
        for (const port of steps.instancesOfA) await answersReady(`http://127.0.0.1:${port}`, `site@${port} on A`)
      }
      await uploads?.stop()
    }, 2 * steps.deployMs)

    test(
      "server B, installed from A's release without a front with A's PostgreSQL and Redis, runs none of its own and the same build",
      async () => {
        const a = server.container
        const setting = settingsOf(a)
        b = await steps.withFirstRelease()
        // As the operator gives them: in the environment, never on the command line.
        const shared = [
          ...['DATABASE_URL', 'REDIS_URL', 'PAYLOAD_SECRET'].map((name) => `${name}='${setting(name)}'`),
          ...Object.entries(uploads!.env).map(([name, value]) => `${name}='${value}'`),
        ]
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
        // A's server keeps the backups and the certificate: B has no backup timer, and its doctor says where to look.
        expect((await b.exec('systemctl is-enabled site-backup.timer')).stdout.trim()).toBe('disabled')
        const doctor = await b.exec(inRelease('scripts/doctor.mjs --server'), { timeoutMs: steps.deployMs })
        const statuses = doctorStatuses(doctor.stdout)
        expect(statuses, doctor.stdout).toMatchObject({ certificate: 'off', backup: 'off', 'off-site copy': 'off' })
        expect(doctor.stdout).toContain('run the doctor on the server whose front sends visitors here')
        expect(doctor.code, doctor.stdout).toBe(0)
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

    /** Each server's first instance, asked straight, as the public address serves it. */
    const siteOn = (origin: string) => siteOverHttp(origin, `https://${DOMAIN}`)
    const onA = () => siteOn(`http://127.0.0.1:${steps.instancesOfA[0]}`)
    const onB = () => siteOn(`http://${SERVER_B.address}:${SERVER_B.instances[0]}`)

    test(
      "a page published through A's instance shows on B's within 2 s, and an edit published through B's on A's",
      async () => {
        const [a, b] = [onA(), onB()]
        const { token } = await a.signIn(firstAdminOf(server.container))
        const address = `/${CROSSING.page.slug}`
        const id = await a.publishPage(token!, CROSSING.page)
        const toB = await visibleAfter(b, address, CROSSING.page.heading, 'the page published on A, on B')
        // A has the page in its caches before the edit made on B (an edit on A itself clears its own at once).
        expect(await a.pageText(address)).toContain(CROSSING.page.heading)
        await b.publishHeading(token!, id, CROSSING.edited)
        const toA = await visibleAfter(a, address, CROSSING.edited, 'the edit published on B, on A')
        console.log(`  a publish on A showed on B after ${toB} ms; an edit on B on A after ${toA} ms`)
      },
      SHORT_STEP_MS,
    )

    test(
      "a visitor's chat on B's instance reaches an agent on A's, and the agent's answer reaches the visitor",
      async () => {
        const [a, b] = [onA(), onB()]
        const { token } = await a.signIn(firstAdminOf(server.container))
        const signal = AbortSignal.timeout(CHAT_CROSSES_MS)
        const agentConsole = await a.agentStream(token!, signal)
        expect(agentConsole.status).toBe(200)
        const agentHears = heardOn(agentConsole, CROSSING.visitor, "the visitor's message on A's agent console")
        const visitor = await b.visitorStream(signal)
        const visitorHears = heardOn(visitor.stream, CROSSING.agent, "the agent's answer on B's visitor stream")
        await b.visitorSays(visitor.cookie, CROSSING.visitor)
        const asked = await agentHears
        expect(asked.author.type).toBe('customer')
        await a.agentSays(token!, asked.conversationId, CROSSING.agent)
        expect(await visitorHears).toMatchObject({ conversationId: asked.conversationId, author: { type: 'agent' } })
      },
      SHORT_STEP_MS,
    )

    test(
      "an image uploaded through A's instance is served by B's, the same bytes, from the S3 store both keep uploads in",
      async () => {
        const [a, b] = [onA(), onB()]
        const { token } = await a.signIn(firstAdminOf(server.container))
        const image = await a.uploadImage(token!, CROSSING.upload)
        expect(await b.uploadSha256(CROSSING.upload)).toBe(sha256(image))
      },
      SHORT_STEP_MS,
    )

    test(
      "a new release deployed on A, then on B, while pages and a visitor's chat messages go on through A's front: none fails, each message is kept once, and both run it",
      async () => {
        const a = server.container
        const archive = await steps.nextRelease()
        await underRequests(a, `deploy/server/deploy.mjs --release ${copiedToServer(a, archive)}`, steps.deployMs)
        // A visitor in a chat writes through the front, which sends half of it to B's instances as they restart.
        const site = onA()
        const streamOpen = new AbortController()
        const { cookie } = await site.visitorStream(streamOpen.signal)
        streamOpen.abort()
        const messages: LoopRequest = {
          method: 'POST',
          path: '/api/chat/visitor',
          headers: { cookie, origin: `https://${DOMAIN}`, 'content-type': 'application/json' },
          body: (n) => JSON.stringify({ action: 'message', text: `${CROSSING.duringDeploy} ${n}` }),
          pauseMs: WRITE_PAUSE_MS,
        }
        // The backup before migrating is A's (docs/servers.md: one server keeps the backups).
        const deployOnB = `deploy/server/deploy.mjs --release ${copiedToServer(b!, archive)} --no-backup`
        const answered = await underRequests(b!, deployOnB, steps.deployMs, messages)
        const { token } = await site.signIn(firstAdminOf(a))
        const kept = await site.chatTexts(token!, CROSSING.duringDeploy)
        console.log(`  ${answered} chat messages sent through A's front while B deployed, ${kept.length} kept`)
        expect(kept.toSorted()).toEqual(
          Array.from({ length: answered }, (_, n) => `${CROSSING.duringDeploy} ${n}`).toSorted(),
        )
        for (const container of [a, b!])
          expect(await releaseNow(container)).toBe(`/opt/site/releases/${releaseName(archive)}`)
      },
      3 * steps.deployMs,
    )
  })
}
