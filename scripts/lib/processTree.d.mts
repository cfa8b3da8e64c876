export declare function commandLine(pid: number | string): string[] | null
export declare function parentOf(pid: number | string): number | null
export declare function cpuSeconds(pid: number | string): number
export declare function allPids(): number[]
export declare function descendantsOf(pid: number): number[]
export declare function signalTree(pid: number, signal: NodeJS.Signals): void
