export type StackPorts = { front: number; appA: number; appB: number; postgres: number; redis: number }
export declare function stackEnv(stackDir: string, ports: StackPorts): Record<string, string>
export declare function runStack(command: string, env: Record<string, string | undefined>): void
