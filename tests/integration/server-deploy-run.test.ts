// The deploy and rollback of a server carried out (deploy/server/runPlan.mjs) on a layout in a
// temporary folder: the release copied and `current` flipped for real, old releases pruned, the
// front's nginx.conf rewritten, and each instance waited for on a real HTTP server. Only the
// commands (systemctl, next build, chown, runuser) are recorded instead of run: there is no systemd
// here. The tests run in order, each from the releases the one before left.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_START_TIMEOUT_MS } from '../../deploy/lib/config.mjs'
import { upstreamPorts } from '../../deploy/lib/nginxConf.mjs'
import { migrationsAhead, unsafeRollbackMessage } from '../../deploy/lib/releaseMigrations.mjs'
import { historySoFar, readHistory, RELEASES_KEPT } from '../../deploy/lib/releases.mjs'
import { maintenancePageFile } from '../../deploy/lib/maintenancePage.mjs'
import { frontConf, frontConfFile } from '../../deploy/server/layout.mjs'
import { deployPlan, rollbackPlan } from '../../deploy/server/plan.mjs'
import { runDeploy, runPlan } from '../../deploy/server/runPlan.mjs'
import { errorPageFile, layoutIn, short, type Layout, type RunStep } from '../support/serverDeploy'

const PORTS = [3400, 3401]
/** How long a restarted instance of the test answers 503 before it is ready. */
const INSTANCE_START_MS = 400

let work: string
let checkout: string
let layout: Layout
/** What the runner did, in order: commands it ran, and what the instances answered. */
let events: string[]
const ready = new Map<number, boolean>()
const servers: http.Server[] = []

/** The maintenance page the test's instance on `port` renders, for the release `current` names. */
const maintenanceHtml = (port: number) =>
  `<h1>We’ll be right back</h1><p>${port}, ${fs.existsSync(layout.current) ? currentName() : 'no release'}</p>`

/** Releases on which a restarted instance of the test never answers ready (a broken build, say). */
const brokenReleases = new Set<string>()

/**
 * The runner's commands: recorded; mkdir also run; a restart makes the instance answer 503 for
 * INSTANCE_START_MS (for good when `current` is one of brokenReleases).
 */
function recordCommand(step: RunStep) {
  if (step.command === 'systemctl' && step.args[0] === 'reload') {
    const conf = fs.readFileSync(frontConfFile(layout.frontDir), 'utf8')
    const down = upstreamPorts(conf).filter((port) =>
      conf.includes(`server 127.0.0.1:${port} max_fails=1 fail_timeout=5s down;`),
    )
    events.push(`front reloaded, down [${down.join(',')}]`)
  } else if (step.command === 'systemctl' && step.args[0] === 'restart') {
    const port = Number(/site@(\d+)\.service/.exec(step.args[1])![1])
    ready.set(port, false)
    events.push(`restart ${port}`)
    if (!brokenReleases.has(currentName())) setTimeout(() => ready.set(port, true), INSTANCE_START_MS)
  } else if (step.command === 'mkdir') {
    expect(spawnSync(step.command, step.args).status).toBe(0)
    events.push('mkdir')
  } else {
    events.push(short(step))
  }
}

function writeCheckoutFile(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true })
  fs.writeFileSync(path.join(checkout, file), text)
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-deploy-'))
  checkout = path.join(work, 'checkout')
  fs.mkdirSync(checkout)
  expect(spawnSync('git', ['init', '-q'], { cwd: checkout }).status).toBe(0)
  writeCheckoutFile('.gitignore', 'node_modules\n')
  writeCheckoutFile('package.json', '{}\n')
  writeCheckoutFile('src/migrations/postgres/20261122_042330_initial.ts', '')
  // What `next build` leaves (the build itself is a recorded command here).
  writeCheckoutFile('.next/static/chunks/app-one.js', 'console.log("one")\n'.repeat(50))
  writeCheckoutFile('node_modules/some-package/index.js', 'module.exports = 1\n')
  layout = layoutIn(work)
  const { frontDir } = layout
  fs.mkdirSync(frontDir)
  fs.writeFileSync(
    frontConfFile(frontDir),
    frontConf({ frontDir, dataDir: '/var/lib/site', ports: PORTS, tlsCert: '/c.pem', tlsKey: '/k.pem' }),
  )
  for (const port of PORTS) {
    ready.set(port, true)
    const server = http.createServer((request, response) => {
      if (request.url === '/api/health/maintenance' && ready.get(port))
        return response.writeHead(200, { 'Content-Type': 'text/html' }).end(maintenanceHtml(port))
      const ok = request.url === '/api/health' && ready.get(port)
      // The first ready answer after a restart: the runner saw the instance come back.
      if (ok && events.at(-1) === `restart ${port}`) events.push(`answered ready ${port}`)
      response.writeHead(ok ? 200 : 503).end()
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  }
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  fs.rmSync(work, { recursive: true, force: true })
})

/** What the runner records as it restarts both instances in turn, each coming back ready. */
const EVERY_INSTANCE_RESTARTED = [
  'front reloaded, down [3400]',
  'restart 3400',
  'answered ready 3400',
  'front reloaded, down []',
  'front reloaded, down [3401]',
  'restart 3401',
  'answered ready 3401',
  'front reloaded, down []',
]

/** What deploy/server/deploy.mjs does, with the commands recorded: `timeoutMs`, the wait for each instance. */
const deployAs = async (name: string, ports = PORTS, timeoutMs = APP_START_TIMEOUT_MS) => {
  events = []
  const previous = fs.existsSync(layout.current) ? fs.realpathSync(layout.current) : null
  const history = historySoFar(layout.current)
  const steps = deployPlan({ layout, name, checkout, node: process.execPath, ports, history }).map((step) =>
    step.kind === 'waitReady' ? { ...step, timeoutMs } : step,
  )
  await runDeploy(steps, { layout, ports, previous, history, exec: recordCommand })
}
const releaseDir = (name: string) => path.join(layout.releasesDir, name)
const currentName = () => path.basename(fs.realpathSync(layout.current))

describe('a deploy on a server, carried out', () => {
  it('copies the checkout into the releases folder, dependencies as hard links, and flips current to it', async () => {
    await deployAs('r1')
    expect(currentName()).toBe('r1')
    expect(fs.lstatSync(layout.current).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(path.join(releaseDir('r1'), 'package.json'), 'utf8')).toBe('{}\n')
    const dependency = 'node_modules/some-package/index.js'
    expect(fs.statSync(path.join(releaseDir('r1'), dependency)).ino).toBe(
      fs.statSync(path.join(checkout, dependency)).ino,
    )
    for (const scratch of ['.tmp', '.next/cache'])
      expect(fs.existsSync(path.join(releaseDir('r1'), scratch))).toBe(true)
  })

  it("saves the release's maintenance page from its first instance, readable by the front's workers, where the front's error_page reads it", () => {
    const file = maintenancePageFile(layout.frontDir)
    expect(fs.readFileSync(file, 'utf8')).toBe(maintenanceHtml(PORTS[0]))
    expect(fs.readFileSync(file, 'utf8')).toContain('r1')
    expect(fs.statSync(file).mode & 0o777).toBe(0o644)
    expect(errorPageFile(fs.readFileSync(frontConfFile(layout.frontDir), 'utf8'))).toBe(file)
  })

  it("adds the release's build files, precompressed, to the folder the front serves", () => {
    expect(fs.existsSync(path.join(layout.staticDir, 'chunks', 'app-one.js'))).toBe(true)
    expect(fs.existsSync(path.join(layout.staticDir, 'chunks', 'app-one.js.gz'))).toBe(true)
  })

  it('restarts each instance only once the one before answered ready, out of the upstream meanwhile', () => {
    expect(events.slice(events.indexOf('migrate as site'))).toEqual(['migrate as site', ...EVERY_INSTANCE_RESTARTED])
    const conf = fs.readFileSync(frontConfFile(layout.frontDir), 'utf8')
    expect(upstreamPorts(conf)).toEqual(PORTS)
    expect(conf).not.toMatch(/ down;$/m)
  })

  it(`keeps the current release and the ${RELEASES_KEPT} before it, deleting older ones`, async () => {
    for (const name of ['r2', 'r3', 'r4', 'r5']) await deployAs(name, [])
    expect(fs.readdirSync(layout.releasesDir).sort()).toEqual(['r2', 'r3', 'r4', 'r5'])
    expect(currentName()).toBe('r5')
  })

  it('goes back to the release before when an instance does not answer ready in time on the new one, and says so', async () => {
    brokenReleases.add('r6')
    await expect(deployAs('r6', PORTS, 1_000)).rejects.toThrow(
      'the instance on port 3400 answering http://127.0.0.1:3400/api/health did not happen within 1 s; ' +
        'every instance is back on r5, and r6 is left for a look',
    )
    expect(currentName()).toBe('r5')
    expect(readHistory(layout.current)?.map((dir) => path.basename(dir))).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'])
    // The instance that did not answer, then every one in turn on r5, each back in the upstream.
    expect(events.slice(events.indexOf('restart 3400'))).toEqual(['restart 3400', ...EVERY_INSTANCE_RESTARTED])
    expect(fs.readFileSync(frontConfFile(layout.frontDir), 'utf8')).not.toMatch(/ down;$/m)
    // Left for a look, and not pruned.
    expect(fs.existsSync(releaseDir('r6'))).toBe(true)
    brokenReleases.delete('r6')
  })

  it('stops before migrating when the backup fails, saying why and what to do, the running release untouched', async () => {
    events = []
    const previous = fs.realpathSync(layout.current)
    const history = historySoFar(layout.current)
    const steps = deployPlan({ layout, name: 'r7', checkout, node: process.execPath, ports: PORTS, history })
    const backupFails = (step: RunStep) => {
      if (step.command === 'systemctl' && step.args[0] === 'start')
        throw new Error('systemctl start site-backup.service exited with 1')
      recordCommand(step)
    }
    const failure = await runDeploy(steps, { layout, ports: PORTS, previous, history, exec: backupFails }).catch(
      (error: Error) => error,
    )
    expect((failure as Error).message).toMatch(
      /^the backup before migrating failed \(systemctl start site-backup\.service failed\), so the deploy stopped there/,
    )
    expect(events).not.toContain('migrate as site')
    expect(fs.realpathSync(layout.current)).toBe(previous)
    fs.rmSync(releaseDir('r7'), { recursive: true })
  })
})

describe('a rollback on a server, carried out', () => {
  const rollback = (force = false) =>
    rollbackPlan({
      layout,
      ports: PORTS,
      current: fs.realpathSync(layout.current),
      releases: fs.readdirSync(layout.releasesDir).sort().map(releaseDir),
      history: readHistory(layout.current),
      aheadOf: migrationsAhead,
      force,
    })

  it('flips current back to the release before, restarting the instances one at a time', async () => {
    expect(currentName()).toBe('r5')
    events = []
    await runPlan(rollback(), { exec: recordCommand })
    expect(currentName()).toBe('r4')
    expect(events.filter((event) => event.startsWith('restart'))).toEqual(['restart 3400', 'restart 3401'])
  })

  it('is refused when the current release brought a migration, and done with --force, back to the release that ran before', async () => {
    writeCheckoutFile('src/migrations/postgres/20261127_100000_trash.ts', '')
    await deployAs('r7', [])
    // The deploy kept the releases that ran before it, and deleted r5 (rolled back from) and r6 (failed).
    expect(fs.readdirSync(layout.releasesDir).sort()).toEqual(['r2', 'r3', 'r4', 'r7'])
    expect(() => rollback()).toThrow(unsafeRollbackMessage(['20261127_100000_trash']))
    expect(currentName()).toBe('r7')
    await runPlan(rollback(true), { exec: recordCommand })
    // r5 sorts just before r7, but it was rolled back from: r4 ran before r7.
    expect(currentName()).toBe('r4')
    expect(readHistory(layout.current)?.map((dir) => path.basename(dir))).toEqual(['r1', 'r2', 'r3', 'r4'])
  })
})

describe('the build files the front serves, carried out', () => {
  it('keeps in the front’s folder the build files of the kept releases only, with their compressed copies', async () => {
    const ownChunk = (name: string) => `.next/static/chunks/only-${name}.js`
    for (const name of ['s1', 's2', 's3', 's4']) {
      writeCheckoutFile(ownChunk(name), `console.log("${name}")\n`.repeat(50))
      await deployAs(name, [])
      fs.rmSync(path.join(checkout, ownChunk(name)))
    }
    expect(fs.readdirSync(layout.releasesDir).sort()).toEqual(['s1', 's2', 's3', 's4'])
    expect(fs.readdirSync(path.join(layout.staticDir, 'chunks')).sort()).toEqual(
      ['app-one', 'only-s1', 'only-s2', 'only-s3', 'only-s4'].flatMap((chunk) => [
        `${chunk}.js`,
        `${chunk}.js.br`,
        `${chunk}.js.gz`,
      ]),
    )
    writeCheckoutFile('.next/static/chunks/only-s5.js', 'console.log("s5")\n'.repeat(50))
    await deployAs('s5', [])
    fs.rmSync(path.join(checkout, '.next/static/chunks/only-s5.js'))
    const chunks = fs.readdirSync(path.join(layout.staticDir, 'chunks'))
    expect(chunks).not.toContain('only-s1.js')
    expect(chunks).not.toContain('only-s1.js.gz')
    expect(chunks).not.toContain('only-s1.js.br')
    expect(chunks).toEqual(
      expect.arrayContaining(['app-one.js', 'only-s2.js', 'only-s5.js', 'only-s5.js.gz', 'only-s5.js.br']),
    )
    // Each compressed copy is the file it stands beside.
    const chunkFile = (name: string) => fs.readFileSync(path.join(layout.staticDir, 'chunks', name))
    expect(zlib.brotliDecompressSync(chunkFile('only-s5.js.br')).equals(chunkFile('only-s5.js'))).toBe(true)
    expect(zlib.gunzipSync(chunkFile('only-s5.js.gz')).equals(chunkFile('only-s5.js'))).toBe(true)
  })
})
