// The environment deploy/stack.mjs reads: where its state lives and the ports of each part.

/** `ports` names the front, the two app instances, PostgreSQL and Redis. */
export function stackEnv(stackDir, ports) {
  return {
    STACK_DIR: stackDir,
    STACK_PORT: String(ports.front),
    STACK_APP_PORTS: `${ports.appA},${ports.appB}`,
    STACK_PG_PORT: String(ports.postgres),
    STACK_REDIS_PORT: String(ports.redis),
  }
}
