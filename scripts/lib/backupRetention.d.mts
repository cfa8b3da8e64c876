import type { OffsiteStore } from './backupOffsite.mjs'

export type Retention = { daily: number; weekly: number; monthly: number }
export declare const DEFAULT_RETENTION: Retention
export declare function retentionFrom(env?: Record<string, string | undefined>): Retention
export declare function archivesToKeep(archives: { name: string; made: Date }[], retention: Retention): Set<string>
export declare function archivesToDelete(names: string[], retention: Retention): string[]
export declare function pruneBackupDir(backupDir: string, retention: Retention): string[]
export declare function pruneOffsite(store: OffsiteStore, retention: Retention): Promise<string[]>
export declare function describeRetention(retention: Retention): string
