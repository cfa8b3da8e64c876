// A backup restored onto a server installed by deploy/server/install.mjs, as root (docs/backups.md):
//   sudo npm run server:restore -- ARCHIVE|s3://BUCKET/KEY [--identity FILE|-] [--force]
// The site's units stopped, scripts/restore.mjs run with /etc/site/site.env, the units started again
// (deploy/server/serverRestore.mjs says when). One at a time with the deploys (the same lock).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { continueOnProjectNode, run } from '../../scripts/lib/bootstrap.mjs'
import { withDeployLock } from '../lib/deployLock.mjs'
import { SERVER_LAYOUT } from './layout.mjs'
import { RESTORE_UNITS, serverRestoreCommand, startAgainAfterRestore } from './serverRestore.mjs'

const USAGE = 'Usage: sudo npm run server:restore -- ARCHIVE|s3://BUCKET/KEY [--identity FILE|-] [--force]'
const EXIT_USAGE = 2

continueOnProjectNode()
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { identity: { type: 'string' }, force: { type: 'boolean', default: false } },
})
if (positionals.length !== 1) {
  console.error(USAGE)
  process.exit(EXIT_USAGE)
}
if (process.getuid?.() !== 0) {
  console.error(
    `> A restore on a server writes root's ${SERVER_LAYOUT.envFile} and stops and starts the site: run it with sudo (nothing was changed).`,
  )
  process.exit(1)
}

const layout = SERVER_LAYOUT
const restoreCall = serverRestoreCommand({
  layout,
  archive: positionals[0],
  identity: values.identity ?? null,
  force: values.force,
  cwd: process.cwd(),
})
await withDeployLock(path.join(layout.baseDir, 'deploy.lock'), 'a restore', () => {
  run('systemctl', ['stop', ...RESTORE_UNITS])
  const { status } = spawnSync(restoreCall.command, restoreCall.args, { cwd: restoreCall.cwd, stdio: 'inherit' })
  if (startAgainAfterRestore(status)) {
    run('systemctl', ['start', ...RESTORE_UNITS])
    console.log(`> Started ${RESTORE_UNITS.join(' and ')} again.`)
  } else {
    console.error(
      `> ${RESTORE_UNITS.join(' and ')} stay stopped: the restore failed half-way (above; a forced one names the copy it kept of what the site held, which restores with --force). Then: systemctl start ${RESTORE_UNITS.join(' ')}`,
    )
  }
  process.exitCode = status ?? 1
})
