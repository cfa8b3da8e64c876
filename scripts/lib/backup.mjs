// Backups and restores of everything the business would miss, by job: making an archive
// (backupMaking.mjs), restoring one (backupRestore.mjs), the target's database (backupDatabase.mjs),
// files (backupFiles.mjs) and tools (backupTools.mjs); an archive's layout and reading
// (backupArchiveReading.mjs), names (backupArchives.mjs), encryption, off-site copies, retention and
// settings each in a module of its own. This one gathers what `npm run backup` and `npm run restore` use.
// Plain Node (no TypeScript): `npm run backup` and `npm run restore` run it before anything is built.
/** @typedef {import('./backupArchiveReading.mjs').BackupManifest} BackupManifest */

export { MANIFEST_FORMAT, MANIFEST_NAME, SECRETS_COPY, unpackArchive, verifyArchive } from './backupArchiveReading.mjs'
export {
  archiveDate,
  archiveName,
  archiveStamp,
  BackupError,
  BEFORE_RESTORE,
  isBeforeRestoreArchive,
} from './backupArchives.mjs'
export { backup, backupDirFromEnv, defaultBackupDir, uploadsBucketFrom } from './backupMaking.mjs'
export { restore } from './backupRestore.mjs'
export { abandonBackups, postgresToolCall } from './backupTools.mjs'
