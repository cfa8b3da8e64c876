export declare const BEFORE_RESTORE: string
export declare const ENCRYPTED_SUFFIX: string
export declare class BackupError extends Error {}
export declare const EXIT_NOTHING_CHANGED: number
export declare class NothingChangedError extends BackupError {
  constructor(reason: string)
}
export declare function defaultBackupDirOf(root: string): string
export declare function backupDirFrom(env: Record<string, string | undefined>, root: string): string
export declare function archiveStamp(date: Date): string
export declare function archiveName(source: string, date: Date, options?: { encrypted?: boolean }): string
export declare function secretsNameFor(archive: string): string
export declare function archiveSeries(name: string): string | null
export declare function archiveDate(name: string): Date | null
export declare function isBeforeRestoreArchive(name: string): boolean
export declare function newestArchive(backupDir: string, source?: string): { name: string; made: Date } | null
export declare const PARTIAL_SUFFIX: string
export declare function claimArchiveName(
  backupDir: string,
  source: string,
  date: Date,
  options?: { encrypted?: boolean },
): { name: string; made: Date; claim: string }
