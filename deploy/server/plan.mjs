// What a deploy or a rollback does on a server installed by deploy/server/install.mjs, as a list of
// steps computed from what is there (pure: no file is read, no command run); deploy/server/runPlan.mjs
// carries the steps out (describeStep.mjs says each in a line of the log). A step is one of:
//   { kind: 'copy', from, to }                      the checkout copied into a new release folder
//   { kind: 'unpack', archive, to }                 a release made by `npm run release` unpacked into
//                                                   its folder, once checked (deploy/lib/releaseUnpack.mjs)
//   { kind: 'run', command, args, cwd?, env?, failure? }   a command (env: added to the runner's own;
//                                                   failure: what its failure means, said first)
//   { kind: 'shareStatic', from, to }               a release's build files added to the front's folder
//   { kind: 'flip', link, to, history }             `current` pointed at a release, and the releases
//                                                   named current in turn (oldest first) written
//   { kind: 'upstream', conf, down }                the front's nginx.conf with the `down` instances out
//   { kind: 'settle', ms }                          a pause for nginx's new workers to take over
//   { kind: 'waitReady', port, url, timeoutMs }     until an instance answers ready
//   { kind: 'maintenancePage', port, file }        the page the front answers with when no instance
//                                                   can, saved from the instance on `port`
//   { kind: 'prune', releasesDir, currentLink, staticDir, kept }   old releases and their build files
import path from 'node:path'
import { backupFailedMessage } from '../lib/backupBeforeDeploy.mjs'
import { APP_START_TIMEOUT_MS, NGINX_RELOAD_SETTLE_MS } from '../lib/config.mjs'
import { maintenancePageFile } from '../lib/maintenancePage.mjs'
import { buildCommands, buildEnv } from '../lib/releaseMaking.mjs'
import { unsafeRollbackMessage } from '../lib/releaseMigrations.mjs'
import { RELEASES_KEPT, rollbackTarget } from '../lib/releases.mjs'
import { frontConfFile, migrateCommand, SERVER_LAYOUT } from './layout.mjs'

/** @typedef {import('./layout.mjs').ServerLayout} ServerLayout */
/**
 * A step of a plan, as the list above says.
 * @typedef {{ kind: 'copy', from: string, to: string }
 *   | { kind: 'unpack', archive: string, to: string }
 *   | { kind: 'run', command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, failure?: string }
 *   | { kind: 'shareStatic', from: string, to: string }
 *   | { kind: 'flip', link: string, to: string, history: string[] }
 *   | { kind: 'upstream', conf: string, down: number[] }
 *   | { kind: 'settle', ms: number }
 *   | { kind: 'waitReady', port: number, url: string, timeoutMs: number }
 *   | { kind: 'maintenancePage', port: number, file: string }
 *   | { kind: 'prune', releasesDir: string, currentLink: string, staticDir: string, kept: number }} Step
 */

/** The front's systemd unit: `reload` applies a new nginx.conf without dropping a connection. */
export const FRONT_UNIT = 'site-front.service'
/** The site's backup (deploy/systemd/site-backup.service): `systemctl start` waits for its end and fails with it. */
export const BACKUP_UNIT = 'site-backup.service'

/**
 * The backup a deploy takes before it migrates, as the daily timer takes it (its user, settings and folder).
 * @returns {Step}
 */
export const backupStep = () => ({
  kind: 'run',
  command: 'systemctl',
  args: ['start', BACKUP_UNIT],
  failure: backupFailedMessage(`systemctl start ${BACKUP_UNIT} failed`, `see why with journalctl -u ${BACKUP_UNIT}`),
})

/**
 * The systemd unit of the app instance on `port`.
 * @param {number} port
 */
export const instanceUnit = (port) => `site@${port}.service`
/**
 * How a server's instances are served: `front`, whether this machine runs the front before them
 * (false with install --no-front: another server's front lists them); `address`, where they listen.
 * @typedef {{ front?: boolean, address?: string }} Served
 */
/** A server's own front, before instances on its loopback: what install makes unless told. */
const FRONT_BESIDE = { front: true, address: SERVER_LAYOUT.instanceAddress }

/**
 * The address an instance answers ready at: the one the local stack waits for too.
 * @param {number} port
 * @param {string} [address] where it listens
 */
export const readinessUrl = (port, address = FRONT_BESIDE.address) => `http://${address}:${port}/api/health`
/**
 * The folders of a release its instances write into (the units' ReadWritePaths); the rest is root's.
 * @param {string} releaseDir
 */
export const scratchFolders = (releaseDir) => [path.join(releaseDir, '.tmp'), path.join(releaseDir, '.next', 'cache')]

/**
 * The front's maintenance page saved anew from the first instance (its look and the business's phone
 * as the running release has them), into the folder the front's error_page reads.
 * @param {Pick<ServerLayout, 'frontDir'>} layout
 * @param {number[]} ports
 * @returns {Step}
 */
export const maintenancePageStep = (layout, ports) => ({
  kind: 'maintenancePage',
  port: ports[0],
  file: maintenancePageFile(layout.frontDir),
})

/**
 * What install does once it has started the instances: waits for the first to answer ready, then
 * saves the maintenance page from it, before the front starts (a server without a front saves none).
 * @param {Pick<ServerLayout, 'frontDir'>} layout
 * @param {number[]} ports
 * @param {Served} [served]
 * @returns {Step[]}
 */
export const afterStartSteps = (layout, ports, { front = true, address = FRONT_BESIDE.address } = {}) => [
  { kind: 'waitReady', port: ports[0], url: readinessUrl(ports[0], address), timeoutMs: APP_START_TIMEOUT_MS },
  ...(front ? [maintenancePageStep(layout, ports)] : []),
]

/**
 * @param {Pick<ServerLayout, 'frontDir'>} layout
 * @param {number[]} down
 * @returns {Step[]}
 */
const frontWith = (layout, down) => [
  { kind: 'upstream', conf: frontConfFile(layout.frontDir), down },
  { kind: 'run', command: 'systemctl', args: ['reload', FRONT_UNIT] },
  { kind: 'settle', ms: NGINX_RELOAD_SETTLE_MS },
]

/**
 * One instance at a time: out of the front's upstream, restarted (SIGTERM: it finishes what it
 * serves and hands its chat streams over; systemd starts it from `current`), back in once it answers
 * ready, while the others serve. Without a front here, another server's front finds the port closed
 * while it restarts and sends the request to another instance (nothing was sent: a POST too).
 * @param {Pick<ServerLayout, 'frontDir'>} layout
 * @param {number[]} ports
 * @param {Served} [served]
 * @returns {Step[]}
 */
export const restartSteps = (layout, ports, { front = true, address = FRONT_BESIDE.address } = {}) =>
  ports.flatMap((port) => [
    ...(front ? frontWith(layout, [port]) : []),
    /** @type {Step} */ ({ kind: 'run', command: 'systemctl', args: ['restart', instanceUnit(port)] }),
    /** @type {Step} */ ({
      kind: 'waitReady',
      port,
      url: readinessUrl(port, address),
      timeoutMs: APP_START_TIMEOUT_MS,
    }),
    ...(front ? frontWith(layout, []) : []),
  ])

/**
 * `current` flipped to `to` (the history then being `history`), then each instance restarted in turn.
 * @param {Pick<ServerLayout, 'frontDir' | 'current'>} layout
 * @param {number[]} ports
 * @param {string} to
 * @param {string[]} history
 * @param {Served} [served]
 * @returns {Step[]}
 */
const switchSteps = (layout, ports, to, history, served = FRONT_BESIDE) => [
  { kind: 'flip', link: layout.current, to, history },
  ...restartSteps(layout, ports, served),
]

/**
 * How a deploy's release gets into its folder `dir`: the archive `release.archive` (made by `npm run
 * release`) unpacked, nothing built; else `checkout` copied and built there.
 * @param {{ release: { archive: string } | null, checkout?: string, node?: string, name: string, dir: string }} made
 * @returns {Step[]}
 */
const releaseSteps = ({ release, checkout, node, name, dir }) =>
  release
    ? [{ kind: 'unpack', archive: release.archive, to: dir }]
    : [
        { kind: 'copy', from: /** @type {string} */ (checkout), to: dir },
        ...buildCommands(dir, node).map(
          ([command, args]) =>
            /** @satisfies {Step} */ ({
              kind: 'run',
              command,
              args,
              cwd: dir,
              env: buildEnv(name, {}),
            }),
        ),
      ]

/**
 * A deploy of `checkout` as the release `name`, or of `release` ({ archive, manifest }: made once by
 * `npm run release`, named by its manifest): copied and built once beside the running release, or
 * unpacked there, its scratch folders given to the site's user, the site backed up (unless `backup` is false),
 * migrated as that user, its build files added to the
 * front's, `current` flipped to it (added to `history`, the releases named current so far), each
 * instance restarted in turn, the maintenance page saved from the new release, old releases and
 * their build files pruned. `ports`: the instances the
 * front serves; none before the install, so the first release is only made and named current (the
 * install then makes the user, migrates and starts it).
 * @param {object} deploy
 * @param {ServerLayout} deploy.layout
 * @param {{ archive: string, manifest: { name: string } } | null} [deploy.release]
 * @param {string} [deploy.name]
 * @param {string} [deploy.checkout]
 * @param {string} [deploy.node]
 * @param {number[]} deploy.ports
 * @param {string[]} [deploy.history]
 * @param {number} [deploy.kept]
 * @param {boolean} [deploy.backup]
 * @param {Served} [deploy.served] whether this machine's front serves the instances, and where they listen
 * @returns {Step[]}
 */
export function deployPlan({
  layout,
  release = null,
  name = release?.manifest.name,
  checkout,
  node,
  ports,
  history = [],
  kept = RELEASES_KEPT,
  backup = true,
  served = FRONT_BESIDE,
}) {
  if (!name) throw new Error('a deploy needs the name of its release')
  const dir = path.join(layout.releasesDir, name)
  const scratch = scratchFolders(dir)
  const installed = ports.length > 0
  const migrate = migrateCommand({ releaseDir: dir, user: layout.user, envFile: layout.envFile })
  return [
    ...releaseSteps({ release, checkout, node, name, dir }),
    { kind: 'run', command: 'mkdir', args: ['-p', ...scratch] },
    // Before the install there is no site user yet: the install gives it the folders of `current`.
    ...(installed
      ? /** @satisfies {Step[]} */ ([
          { kind: 'run', command: 'chown', args: ['-R', `${layout.user}:${layout.user}`, ...scratch] },
          { kind: 'run', command: 'chmod', args: ['750', ...scratch] },
          ...(backup ? [backupStep()] : []),
          { kind: 'run', ...migrate },
        ])
      : []),
    { kind: 'shareStatic', from: dir, to: layout.staticDir },
    ...switchSteps(layout, ports, dir, [...history, dir], served),
    ...(installed && served.front !== false ? [maintenancePageStep(layout, ports)] : []),
    { kind: 'prune', releasesDir: layout.releasesDir, currentLink: layout.current, staticDir: layout.staticDir, kept },
  ]
}

/** The steps after a deploy's switch: their failure does not take the release back. */
const TIDY_KINDS = new Set(['maintenancePage', 'prune'])

/**
 * A deploy plan in its three parts: what prepares the release while the last one serves, the switch
 * to it (from the flip of `current` to the last instance restarted), and the tidying after.
 * @param {Step[]} steps
 * @returns {{ prepare: Step[], switchOver: Step[], tidy: Step[] }}
 */
export function deployParts(steps) {
  const flip = steps.findIndex((step) => step.kind === 'flip')
  const tidy = steps.findIndex((step) => TIDY_KINDS.has(step.kind))
  return { prepare: steps.slice(0, flip), switchOver: steps.slice(flip, tidy), tidy: steps.slice(tidy) }
}

/**
 * Back to `previous` after a deploy's switch failed partway: `current` flipped back (the history
 * `history` again) and every instance restarted in turn, the one that failed with them. No
 * migration is undone: a deploy's migrations are made for the release before it too.
 * @param {{ layout: ServerLayout, ports: number[], previous: string, history: string[], served?: Served }} undo
 * @returns {Step[]}
 */
export const undoSwitchPlan = ({ layout, ports, previous, history, served = FRONT_BESIDE }) =>
  switchSteps(layout, ports, previous, history, served)

/**
 * A rollback from `current`: to the release named current before it in `history` (the releases
 * named current in turn; by name among `releases` when there is none), refused when there is none,
 * or when `current` applied migrations that release does not know (`aheadOf(from, to)` names them)
 * unless `force`; then `current` flipped back, each instance restarted in turn and the maintenance
 * page saved from the release gone back to. No migration runs.
 * @param {object} rollback
 * @param {ServerLayout} rollback.layout
 * @param {number[]} rollback.ports
 * @param {string} rollback.current
 * @param {string[]} rollback.releases
 * @param {string[] | null} [rollback.history]
 * @param {(from: string, to: string) => string[]} rollback.aheadOf
 * @param {boolean} [rollback.force]
 * @param {Served} [rollback.served]
 * @returns {Step[]}
 */
export function rollbackPlan({
  layout,
  ports,
  current,
  releases,
  history = null,
  aheadOf,
  force = false,
  served = FRONT_BESIDE,
}) {
  const target = rollbackTarget({ current, releases, history })
  if (!target) throw new Error('there is no earlier release to roll back to')
  const ahead = aheadOf(current, target.previous)
  if (ahead.length && !force) throw new Error(unsafeRollbackMessage(ahead))
  return [
    { kind: 'shareStatic', from: target.previous, to: layout.staticDir },
    ...switchSteps(layout, ports, target.previous, target.history, served),
    ...(ports.length && served.front !== false ? [maintenancePageStep(layout, ports)] : []),
  ]
}
