export declare const MANIFEST_FORMAT: number
export declare const MANIFEST_NAME: string
/** Where an encrypted archive holds the settings file with the secrets. */
export declare const SECRETS_COPY: string
export declare const BEFORE_RESTORE: string
export declare function defaultBackupDir(): string
export declare function backupDirFromEnv(): string
export declare function archiveStamp(date: Date): string
export declare function archiveName(source: string, date: Date, options?: { encrypted?: boolean }): string
export declare function archiveDate(name: string): Date | null
export declare function isBeforeRestoreArchive(name: string): boolean
export declare class BackupError extends Error {}

export type BackupManifest = {
  format: number
  createdAt: string
  /** What was backed up; a restore's copy of what it replaced is `<source>-before-restore`. */
  source: 'site' | 'stack' | 'site-before-restore' | 'stack-before-restore'
  from: { dataDir: string; database: string }
  database: { kind: 'sqlite' | 'postgres'; file: string; size: number; sha256: string; tables: Record<string, number> }
  files: { path: string; size: number; sha256: string }[]
  /** The settings file with the secrets, in an encrypted archive only. */
  secrets?: { file: string; size: number; sha256: string }
  /** Where the uploads are: in the archive, or in the site's bucket (archives older than this field hold them). */
  uploads?:
    { store: 's3'; bucket: string; folders: string[]; inArchive: false } | { store: 'data folder'; inArchive: true }
}

export declare function backup(options: {
  dataDir: string
  databaseUrl?: string
  backupDir?: string
  /** The settings file with the secrets, which an encrypted archive holds; a plain one never does. */
  envFile?: string | null
  /** An age public key (age1…): the archive is encrypted for it. */
  recipient?: string | null
  source?: 'site' | 'stack'
  now?: Date
  uploadsInBucket?: { bucket: string } | null
}): Promise<{
  archive: string
  manifest: BackupManifest
  encrypted: boolean
  /** A plain archive's settings file, which it does not hold. */
  settingsLeftOut: boolean
}>

export declare function restore(options: {
  archive: string
  dataDir: string
  databaseUrl?: string
  force?: boolean
  /** Where a forced restore keeps a backup of what it replaces. */
  backupDir?: string
  source?: 'site' | 'stack'
  /** The file with the private key of an encrypted archive, or `-` for standard input. */
  identityFile?: string | null
  /** The settings file the archive's settings are brought into (backupSettings.mjs). */
  settingsFile?: string | null
  /** Who runs it (this process's user by default): one who could not write the settings is refused first (backupRestoreAccess.mjs). */
  user?: { uid: number; groups: number[] }
}): Promise<{
  manifest: BackupManifest
  /** The settings brought in (names only), or null when none were. */
  settings: { file: string; changed: string[]; keptAs: string | null } | null
  settingsInArchive: boolean
  tables: Record<string, number>
  rows: number
  files: number
  database: string
  dataDir: string
  /** The backup of what a forced restore replaced, or null when the target was empty. */
  beforeRestore: string | null
}>

/** Stops the tools of the backups under way and removes their staging folders and partial archives. */
export declare function abandonBackups(): void

/** How to run a PostgreSQL tool on a database: the address without its password, which goes in PGPASSWORD. */
export declare function postgresToolCall(
  program: string,
  args: string[],
  databaseUrl: string,
): { command: string; args: string[]; env: NodeJS.ProcessEnv }

/**
 * Unpacks an archive into `staging` (a folder of its own), taking only what its manifest lists and
 * checking each file's hash; files 0600, folders 0700. Refuses anything else with a BackupError naming the entry.
 */
export declare function unpackArchive(archive: string, staging: string, shown?: string): Promise<BackupManifest>

/** Reads a plain archive against its manifest, every listed file's hash, writing nothing. */
export declare function verifyArchive(archive: string, shown?: string): Promise<BackupManifest>
