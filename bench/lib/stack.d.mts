export type StackPorts = {
  front: number
  frontHttps: number
  appA: number
  appB: number
  postgres: number
  redis: number
}
export declare function stackEnv(stackDir: string, ports: StackPorts): Record<string, string>
export declare function benchStackPorts(base: number): StackPorts
export declare function frontOrigin(ports: StackPorts): string
export declare function stackTlsFiles(stackDir: string): { cert: string; key: string }
export declare function trustStackCertificate(stackDir: string): void
export declare function runStack(command: string, env: Record<string, string | undefined>): void
