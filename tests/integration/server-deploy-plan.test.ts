// The deploy and rollback of a server installed by deploy/server/install.mjs: the plan of steps
// (deploy/server/plan.mjs) in its order; server-deploy-run.test.ts carries it out.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_START_TIMEOUT_MS, BUILD_NICENESS } from '../../deploy/lib/config.mjs'
import { unsafeRollbackMessage } from '../../deploy/lib/releaseMigrations.mjs'
import { RELEASES_KEPT } from '../../deploy/lib/releases.mjs'
import { maintenancePageFile } from '../../deploy/lib/maintenancePage.mjs'
import { frontConf, SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import { deployPlan, rollbackPlan } from '../../deploy/server/plan.mjs'
import { errorPageFile, short, type RunStep, type Step } from '../support/serverDeploy'

const stepsOf = (steps: Step[]) => steps.map(short)

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
      `set -a && . /etc/site/site.env && SITE_DEPENDENCIES_INSTALLED=1 exec nice -n ${BUILD_NICENESS} ${release}/node_modules/.bin/node scripts/migrate.mjs`,
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

describe("a deploy on a server without a front, whose instances another server's front lists (the plan)", () => {
  const served = { front: false, address: '10.0.0.2' }
  const release = { archive: '/root/r2.tar.gz', manifest: { name: 'r2' } }
  const plan = deployPlan({
    layout: SERVER_LAYOUT,
    release,
    ports: [3001, 3002],
    history: ['/opt/site/releases/r1'],
    served,
  })

  it('restarts its instances one at a time, each waited for where it listens, with no front to reload and no maintenance page', () => {
    expect(stepsOf(plan).slice(stepsOf(plan).indexOf('flip'))).toEqual([
      'flip',
      'restart site@3001.service',
      'ready 3001',
      'restart site@3002.service',
      'ready 3002',
      'prune',
    ])
    expect(plan.filter((step) => step.kind === 'waitReady').map((step) => 'url' in step && step.url)).toEqual([
      'http://10.0.0.2:3001/api/health',
      'http://10.0.0.2:3002/api/health',
    ])
  })

  it('rolls back the same way', () => {
    const back = rollbackPlan({
      layout: SERVER_LAYOUT,
      ports: [3001],
      current: '/opt/site/releases/r2',
      releases: ['/opt/site/releases/r1', '/opt/site/releases/r2'],
      aheadOf: () => [],
      served,
    })
    expect(stepsOf(back)).toEqual(['shareStatic', 'flip', 'restart site@3001.service', 'ready 3001'])
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
