export declare const DEFAULT_LOG_MAX_BYTES: number
export declare const LOG_KEPT_FILES: number
export declare function logMaxBytes(setting?: string): number
export declare function rotateLog(file: string, kept?: number): void
export declare function rotateLogIfOver(file: string, maxBytes?: number, kept?: number): boolean
export declare function cappedLog(
  file: string,
  options?: { maxBytes?: number; kept?: number },
): { write: (chunk: string | Buffer) => void; close: () => void }
export declare function rotateLogsOver(dir: string, maxBytes?: number, kept?: number): string[]
