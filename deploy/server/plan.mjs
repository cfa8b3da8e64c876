// What a deploy or a rollback does on a server installed by deploy/server/install.mjs, as a list of
// steps computed from what is there (pure: no file is read, no command run); deploy/server/runPlan.mjs
// carries the steps out. A step is one of:
//   { kind: 'copy', from, to }                      the checkout copied into a new release folder
//   { kind: 'unpack', archive, to }                 a release made by `npm run release` unpacked into
//                                                   its folder, once checked (deploy/lib/releaseArchive.mjs)
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
import { maintenancePageFile, maintenancePageUrl } from '../lib/maintenancePage.mjs'
import {
  buildCommands,
  buildEnv,
  historyFileOf,
  RELEASES_KEPT,
  rollbackTarget,
  unsafeRollbackMessage,
} from '../lib/releases.mjs'
import { frontConfFile, migrateCommand } from './layout.mjs'

/** The front's systemd unit: `reload` applies a new nginx.conf without dropping a connection. */
export const FRONT_UNIT = 'site-front.service'
/** The site's backup (deploy/systemd/site-backup.service): `systemctl start` waits for its end and fails with it. */
export const BACKUP_UNIT = 'site-backup.service'

/** The backup a deploy takes before it migrates, as the daily timer takes it (its user, settings and folder). */
export const backupStep = () => ({
  kind: 'run',
  command: 'systemctl',
  args: ['start', BACKUP_UNIT],
  failure: backupFailedMessage(`systemctl start ${BACKUP_UNIT} failed`, `see why with journalctl -u ${BACKUP_UNIT}`),
})

/** The systemd unit of the app instance on `port`. */
export const instanceUnit = (port) => `site@${port}.service`
/** The address an instance answers ready at: the one the local stack waits for too. */
export const readinessUrl = (port) => `http://127.0.0.1:${port}/api/health`
/** The folders of a release its instances write into (the units' ReadWritePaths); the rest is root's. */
export const scratchFolders = (releaseDir) => [path.join(releaseDir, '.tmp'), path.join(releaseDir, '.next', 'cache')]

/**
 * The front's maintenance page saved anew from the first instance (its look and the business's phone
 * as the running release has them), into the folder the front's error_page reads.
 */
export const maintenancePageStep = (layout, ports) => ({
  kind: 'maintenancePage',
  port: ports[0],
  file: maintenancePageFile(layout.frontDir),
})

/**
 * What install does once it has started the instances: waits for the first to answer ready, then
 * saves the maintenance page from it, before the front starts.
 */
export const afterStartSteps = (layout, ports) => [
  { kind: 'waitReady', port: ports[0], url: readinessUrl(ports[0]), timeoutMs: APP_START_TIMEOUT_MS },
  maintenancePageStep(layout, ports),
]

const frontWith = (layout, down) => [
  { kind: 'upstream', conf: frontConfFile(layout.frontDir), down },
  { kind: 'run', command: 'systemctl', args: ['reload', FRONT_UNIT] },
  { kind: 'settle', ms: NGINX_RELOAD_SETTLE_MS },
]

/**
 * One instance at a time: out of the front's upstream, restarted (SIGTERM: it finishes what it
 * serves and hands its chat streams over; systemd starts it from `current`), back in once it answers
 * ready, while the others serve.
 */
export const restartSteps = (layout, ports) =>
  ports.flatMap((port) => [
    ...frontWith(layout, [port]),
    { kind: 'run', command: 'systemctl', args: ['restart', instanceUnit(port)] },
    { kind: 'waitReady', port, url: readinessUrl(port), timeoutMs: APP_START_TIMEOUT_MS },
    ...frontWith(layout, []),
  ])

/** `current` flipped to `to` (the history then being `history`), then each instance restarted in turn. */
const switchSteps = (layout, ports, to, history) => [
  { kind: 'flip', link: layout.current, to, history },
  ...restartSteps(layout, ports),
]

/**
 * How a deploy's release gets into its folder `dir`: the archive `release.archive` (made by `npm run
 * release`) unpacked, nothing built; else `checkout` copied and built there.
 */
const releaseSteps = ({ release, checkout, node, name, dir }) =>
  release
    ? [{ kind: 'unpack', archive: release.archive, to: dir }]
    : [
        { kind: 'copy', from: checkout, to: dir },
        ...buildCommands(dir, node).map(([command, args]) => ({
          kind: 'run',
          command,
          args,
          cwd: dir,
          env: buildEnv(name, {}),
        })),
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
 */
export function deployPlan({
  layout,
  release = /** @type {{ archive: string, manifest: { name: string } } | null} */ (null),
  name = release?.manifest.name,
  checkout = /** @type {string | undefined} */ (undefined),
  node = /** @type {string | undefined} */ (undefined),
  ports,
  history = /** @type {string[]} */ ([]),
  kept = RELEASES_KEPT,
  backup = true,
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
      ? [
          { kind: 'run', command: 'chown', args: ['-R', `${layout.user}:${layout.user}`, ...scratch] },
          { kind: 'run', command: 'chmod', args: ['750', ...scratch] },
          ...(backup ? [backupStep()] : []),
          { kind: 'run', ...migrate },
        ]
      : []),
    { kind: 'shareStatic', from: dir, to: layout.staticDir },
    ...switchSteps(layout, ports, dir, [...history, dir]),
    ...(installed ? [maintenancePageStep(layout, ports)] : []),
    { kind: 'prune', releasesDir: layout.releasesDir, currentLink: layout.current, staticDir: layout.staticDir, kept },
  ]
}

/** The steps after a deploy's switch: their failure does not take the release back. */
const TIDY_KINDS = new Set(['maintenancePage', 'prune'])

/**
 * A deploy plan in its three parts: what prepares the release while the last one serves, the switch
 * to it (from the flip of `current` to the last instance restarted), and the tidying after.
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
 */
export const undoSwitchPlan = ({ layout, ports, previous, history }) => switchSteps(layout, ports, previous, history)

/**
 * A rollback from `current`: to the release named current before it in `history` (the releases
 * named current in turn; by name among `releases` when there is none), refused when there is none,
 * or when `current` applied migrations that release does not know (`aheadOf(from, to)` names them)
 * unless `force`; then `current` flipped back, each instance restarted in turn and the maintenance
 * page saved from the release gone back to. No migration runs.
 */
export function rollbackPlan({
  layout,
  ports,
  current,
  releases,
  history = /** @type {string[] | null} */ (null),
  aheadOf,
  force = false,
}) {
  const target = rollbackTarget({ current, releases, history })
  if (!target) throw new Error('there is no earlier release to roll back to')
  const ahead = aheadOf(current, target.previous)
  if (ahead.length && !force) throw new Error(unsafeRollbackMessage(ahead))
  return [
    { kind: 'shareStatic', from: target.previous, to: layout.staticDir },
    ...switchSteps(layout, ports, target.previous, target.history),
    ...(ports.length ? [maintenancePageStep(layout, ports)] : []),
  ]
}

/** One line saying what a step does, for the log. */
export function describeStep(step) {
  switch (step.kind) {
    case 'copy':
      return `copy ${step.from} into ${step.to}`
    case 'unpack':
      return `unpack ${step.archive} into ${step.to}, once its sha256, entries and manifest are checked`
    case 'run':
      return `${step.command} ${step.args.join(' ')}${step.cwd ? `   (in ${step.cwd})` : ''}`
    case 'shareStatic':
      return `add the build files of ${path.basename(step.from)} to ${step.to}`
    case 'flip':
      return `point ${step.link} at ${step.to} (and list it last in ${historyFileOf(step.link)})`
    case 'upstream':
      return step.down.length
        ? `take ${step.down.map((port) => `127.0.0.1:${port}`).join(', ')} out of the front's upstream (${step.conf})`
        : `put every instance in the front's upstream (${step.conf})`
    case 'settle':
      return `wait ${step.ms} ms for nginx's new workers`
    case 'waitReady':
      return `wait for ${step.url} to answer (at most ${step.timeoutMs / 1000} s)`
    case 'maintenancePage':
      return `save the front's maintenance page from ${maintenancePageUrl(step.port)} into ${step.file}`
    case 'prune':
      return `delete releases in ${step.releasesDir} but the current one and the ${step.kept} that ran before it, and the build files in ${step.staticDir} none of those has`
    default:
      throw new Error(`unknown step ${JSON.stringify(step)}`)
  }
}
