export declare const NO_BACKUP_OPTION: string
export declare const BACKUP_BEFORE_DEPLOY_TIMEOUT_MS: number
export declare const NO_BACKUP_WARNING: string
export declare function backupFailedMessage(cause: string, look: string): string
export declare function backupStackBeforeMigrating(options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number }): void
