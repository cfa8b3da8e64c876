export declare function runWatched(
  command: string,
  args: string[],
  options: { silenceMs: number; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<{ code: number | null; signal: string | null; stalled: null | { silentMs: number; lastLine: string } }>
