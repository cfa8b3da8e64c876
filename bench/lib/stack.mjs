// The environment deploy/stack.mjs reads: where its state lives and the ports of each part.
import { spawnSync } from 'node:child_process'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'

/** `ports` names the front, the two app instances, PostgreSQL and Redis. */
export function stackEnv(stackDir, ports) {
  return {
    STACK_DIR: stackDir,
    STACK_PORT: String(ports.front),
    STACK_APP_PORTS: `${ports.appA},${ports.appB}`,
    STACK_PG_PORT: String(ports.postgres),
    STACK_REDIS_PORT: String(ports.redis),
    // A throwaway stack: no backups of it beside the checkout.
    BACKUP_INTERVAL_HOURS: '0',
  }
}

/** Runs `node deploy/stack.mjs <command>` from the checkout with `env`, failing loudly when it does. */
export function runStack(command, env) {
  const result = spawnSync(process.execPath, ['deploy/stack.mjs', command], { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error(`node deploy/stack.mjs ${command} failed`)
}
