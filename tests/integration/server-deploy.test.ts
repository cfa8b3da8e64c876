// The deploy and rollback of a server installed by deploy/server/install.mjs: the plan of steps
// (deploy/server/plan.mjs) in its order, and that plan carried out (deploy/server/runPlan.mjs) on a
// layout in a temporary folder: the release copied and `current` flipped for real, old releases
// pruned, the front's nginx.conf rewritten, and each instance waited for on a real HTTP server. Only
// the commands (systemctl, next build, chown, runuser) are recorded instead of run: there is no
// systemd here.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_START_TIMEOUT_MS, BUILD_NICENESS } from '../../deploy/lib/config.mjs'
import { upstreamPorts } from '../../deploy/lib/nginxConf.mjs'
import {
  historySoFar,
  migrationsAhead,
  readHistory,
  RELEASES_KEPT,
  unsafeRollbackMessage,
} from '../../deploy/lib/releases.mjs'
import { maintenancePageFile } from '../../deploy/lib/maintenancePage.mjs'
import { frontConf, frontConfFile, SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import { deployPlan, rollbackPlan } from '../../deploy/server/plan.mjs'
import { runDeploy, runPlan } from '../../deploy/server/runPlan.mjs'
import { layoutIn, type Layout, type RunStep, type Step } from '../support/serverDeploy'

const PORTS = [3400, 3401]
/** How long a restarted instance of the test answers 503 before it is ready. */
const INSTANCE_START_MS = 400

/** A step in a few words, so that a sequence of them reads as the deploy does. */
function short(step: Step): string {
  switch (step.kind) {
    case 'run': {
      const run = step as RunStep
      if (run.command === 'systemctl') return `${run.args[0]} ${run.args[1]}`
      if (run.command === 'runuser') return `migrate as ${run.args[1]}`
      if (run.args.includes('build')) return 'build'
      if (run.args.includes('scripts/after-build.mjs')) return 'after-build'
      return run.command
    }
    case 'upstream':
      return `down [${step.down.join(',')}]`
    case 'waitReady':
      return `ready ${step.port}`
    default:
      return step.kind
  }
}

const stepsOf = (steps: Step[]) => steps.map(short)

/** The file the front answers with on 502, 503 and 504: its error_page address under that location's root. */
function errorPageFile(conf: string): string {
  const address = /^\s*error_page 502 503 504 (\S+);$/m.exec(conf)?.[1] ?? ''
  const location = conf.slice(conf.indexOf(`location = ${address} {`))
  const root = /^\s*root (\S+);$/m.exec(location)?.[1] ?? ''
  return path.join(root, address)
}

/** One instance's turn: out of the upstream, restarted, waited for, back in. */
const restartOf = (port: number) => [
  `down [${port}]`,
  'reload site-front.service',
  'settle',
  `restart site@${port}.service`,
  `ready ${port}`,
  'down []',
  'reload site-front.service',
  'settle',
]

describe('a deploy on a server (the plan)', () => {
  const planOptions = {
    layout: SERVER_LAYOUT,
    name: '20261126-100000-abc1234',
    checkout: '/srv/checkout',
    node: '/srv/checkout/node_modules/.bin/node',
    ports: [3001, 3002],
    history: ['/opt/site/releases/20261125-090000-0aa0aa0'],
  }
  const plan = deployPlan(planOptions)
  const release = '/opt/site/releases/20261126-100000-abc1234'

  it('copies the checkout and builds it once, backs up, migrates as the site user, then flips current, before any instance restarts', () => {
    expect(stepsOf(plan).slice(0, 11)).toEqual([
      'copy',
      'build',
      'after-build',
      'mkdir',
      'chown',
      'chmod',
      'start site-backup.service',
      'migrate as site',
      'shareStatic',
      'flip',
      'down [3001]',
    ])
    expect(plan[0]).toEqual({ kind: 'copy', from: '/srv/checkout', to: release })
    expect(stepsOf(plan).filter((step) => step === 'build')).toHaveLength(1)
    const build = plan[1] as RunStep
    expect(build.cwd).toBe(release)
    // At the lowest CPU priority: the instances serving meanwhile come first.
    for (const step of [plan[1], plan[2]] as RunStep[])
      expect([step.command, ...step.args.slice(0, 2)]).toEqual(['nice', '-n', String(BUILD_NICENESS)])
    expect(build.env).toMatchObject({
      SITE_BUILD_ID: path.basename(release),
      NEXT_DEPLOYMENT_ID: path.basename(release),
    })
    const migrate = plan[7] as RunStep
    expect(migrate.cwd).toBe(release)
    expect(migrate.args.at(-1)).toBe(
      `set -a && . /etc/site/site.env && SITE_DEPENDENCIES_INSTALLED=1 exec ${release}/node_modules/.bin/node scripts/migrate.mjs`,
    )
    expect(plan[9]).toEqual({
      kind: 'flip',
      link: '/opt/site/current',
      to: release,
      history: ['/opt/site/releases/20261125-090000-0aa0aa0', release],
    })
  })

  it('gives the site user only the release scratch folders its units may write', () => {
    const chown = plan[4] as RunStep
    expect(chown.args).toEqual(['-R', 'site:site', `${release}/.tmp`, `${release}/.next/cache`])
  })

  it('restarts one instance at a time, each out of the upstream until it answers ready', () => {
    expect(stepsOf(plan).slice(10)).toEqual([...restartOf(3001), ...restartOf(3002), 'maintenancePage', 'prune'])
  })

  it('backs up as the daily timer does (its unit: user, settings, folder) just before migrating; --no-backup leaves it out', () => {
    expect(plan[6]).toEqual({
      kind: 'run',
      command: 'systemctl',
      args: ['start', 'site-backup.service'],
      failure: expect.stringMatching(
        /^the backup before migrating failed .*the running release is untouched: see why with journalctl -u site-backup\.service, then deploy again, or deploy with --no-backup to go ahead without one$/,
      ),
    })
    const unsafe = deployPlan({ ...planOptions, backup: false })
    expect(stepsOf(unsafe)).not.toContain('start site-backup.service')
    expect(stepsOf(unsafe)).toEqual(stepsOf(plan).filter((step) => step !== 'start site-backup.service'))
  })

  it("saves the new release's maintenance page once every instance is back, into the file the front's error_page names", () => {
    const save = plan.find((step) => step.kind === 'maintenancePage')
    expect(save).toEqual({ kind: 'maintenancePage', port: 3001, file: maintenancePageFile(SERVER_LAYOUT.frontDir) })
    const conf = frontConf({ ...SERVER_LAYOUT, ports: [3001, 3002], tlsCert: '/c.pem', tlsKey: '/k.pem' })
    expect(errorPageFile(conf)).toBe('/var/lib/site-front/maintenance.html')
    expect(save).toMatchObject({ file: errorPageFile(conf) })
  })

  it('waits for the readiness address the stack waits for, as long as the stack does', () => {
    const waits = plan.filter((step) => step.kind === 'waitReady')
    expect(waits).toEqual(
      [3001, 3002].map((port) => ({
        kind: 'waitReady',
        port,
        url: `http://127.0.0.1:${port}/api/health`,
        timeoutMs: APP_START_TIMEOUT_MS,
      })),
    )
  })

  it(`keeps the current release and the ${RELEASES_KEPT} before it`, () => {
    expect(plan.at(-1)).toEqual({
      kind: 'prune',
      releasesDir: '/opt/site/releases',
      currentLink: '/opt/site/current',
      staticDir: '/opt/site/static',
      kept: RELEASES_KEPT,
    })
  })

  it('before the install (no front yet), only makes the release and names it current', () => {
    const first = deployPlan({ layout: SERVER_LAYOUT, name: 'r1', checkout: '/srv/c', node: 'node', ports: [] })
    expect(stepsOf(first)).toEqual(['copy', 'build', 'after-build', 'mkdir', 'shareStatic', 'flip', 'prune'])
  })
})

describe('a rollback on a server (the plan)', () => {
  const releases = ['/opt/site/releases/r1', '/opt/site/releases/r2', '/opt/site/releases/r3']
  const none = () => [] as string[]

  it('goes back to the release made just before the current one, restarting one instance at a time', () => {
    const plan = rollbackPlan({
      layout: SERVER_LAYOUT,
      ports: [3001, 3002],
      current: releases[1],
      releases,
      history: releases.slice(0, 2),
      aheadOf: none,
    })
    expect(plan[1]).toEqual({ kind: 'flip', link: '/opt/site/current', to: releases[0], history: [releases[0]] })
    expect(stepsOf(plan)).toEqual(['shareStatic', 'flip', ...restartOf(3001), ...restartOf(3002), 'maintenancePage'])
  })

  it('goes back to the release that ran before the current one, not to a later-named one rolled back from', () => {
    // r1, r2 and r3 deployed, r3 rolled back (to r2), then r4 deployed: r4 goes back to r2, not r3.
    const four = [...releases, '/opt/site/releases/r4']
    const history = [releases[0], releases[1], four[3]]
    const plan = rollbackPlan({
      layout: SERVER_LAYOUT,
      ports: [3001],
      current: four[3],
      releases: four,
      history,
      aheadOf: none,
    })
    expect(plan[1]).toEqual({ kind: 'flip', link: '/opt/site/current', to: releases[1], history: releases.slice(0, 2) })
  })

  it('skips a release since deleted, going to the one that ran before it', () => {
    const history = [releases[0], '/opt/site/releases/r0-deleted', releases[2]]
    const plan = rollbackPlan({
      layout: SERVER_LAYOUT,
      ports: [3001],
      current: releases[2],
      releases,
      history,
      aheadOf: none,
    })
    expect(plan[1]).toMatchObject({ to: releases[0], history: [releases[0]] })
  })

  it('goes by release name on a server deployed before the history was kept', () => {
    const plan = rollbackPlan({ layout: SERVER_LAYOUT, ports: [3001], current: releases[2], releases, aheadOf: none })
    expect(plan[1]).toEqual({ kind: 'flip', link: '/opt/site/current', to: releases[1], history: releases.slice(0, 2) })
  })

  it('refuses when there is no earlier release', () => {
    expect(() =>
      rollbackPlan({ layout: SERVER_LAYOUT, ports: [3001], current: releases[0], releases, aheadOf: none }),
    ).toThrow('there is no earlier release to roll back to')
    expect(() =>
      rollbackPlan({
        layout: SERVER_LAYOUT,
        ports: [3001],
        current: releases[2],
        releases,
        history: [releases[2]],
        aheadOf: none,
      }),
    ).toThrow('there is no earlier release to roll back to')
  })

  it("refuses when the current release applied migrations the earlier one does not know, in the stack's words", () => {
    const ahead = () => ['20261127_100000_trash']
    expect(() =>
      rollbackPlan({ layout: SERVER_LAYOUT, ports: [3001], current: releases[2], releases, aheadOf: ahead }),
    ).toThrow(unsafeRollbackMessage(['20261127_100000_trash']))
  })

  it('goes ahead over migrations with --force, and runs none', () => {
    const plan = rollbackPlan({
      layout: SERVER_LAYOUT,
      ports: [3001],
      current: releases[2],
      releases,
      aheadOf: () => ['20261127_100000_trash'],
      force: true,
    })
    expect(plan[1]).toMatchObject({ kind: 'flip', link: '/opt/site/current', to: releases[1] })
    expect(stepsOf(plan)).not.toContain('migrate as site')
  })
})

// ---- carried out -------------------------------------------------------------------------------

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
