export declare const RESTORE_UNITS: string[]
export declare function serverRestoreCommand(options: {
  layout: { current: string; envFile: string }
  archive: string
  identity?: string | null
  force?: boolean
  cwd: string
}): { command: string; args: string[]; cwd: string }
export declare function startAgainAfterRestore(status: number | null): boolean
