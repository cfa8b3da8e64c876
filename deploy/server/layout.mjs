// Where the site lives on a server, and the systemd units that run it, rendered from deploy/systemd.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderTemplate } from '../lib/template.mjs'

const SYSTEMD_TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'systemd')

export const SERVER_LAYOUT = {
  /** The system user that runs the instances and owns the data. */
  user: 'site',
  database: 'site',
  /** Releases of the code, and the link to the one that runs. */
  baseDir: '/opt/site',
  releasesDir: '/opt/site/releases',
  current: '/opt/site/current',
  /** The business's data, outside the code: the uploads, chat files, the outbox. */
  dataDir: '/var/lib/site',
  configDir: '/etc/site',
  envFile: '/etc/site/site.env',
  backupDir: '/var/backups/site',
  ports: [3001, 3002],
}

/** The unit files for an install: file name → text. */
export function unitFiles({ releaseDir, user, envFile, dataDir, backupDir, ports }) {
  const values = {
    RELEASE_DIR: releaseDir,
    APP_USER: user,
    ENV_FILE: envFile,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    INSTANCE_UNITS: ports.map((port) => `site@${port}.service`).join(' '),
  }
  return Object.fromEntries(
    ['site@.service', 'site.target', 'site-backup.service', 'site-backup.timer'].map((name) => [
      name,
      renderTemplate(path.join(SYSTEMD_TEMPLATES, name), values),
    ]),
  )
}
