// The environment deploy/stack.mjs reads: where its state lives and the ports of each part; and
// what a client of its front needs: the https address and trust in the certificate it made.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import tls from 'node:tls'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'

/** @typedef {{ front: number, frontHttps: number, appA: number, appB: number, postgres: number, redis: number }} StackPorts */

/**
 * `ports` names the front (plain HTTP, which redirects, and https), the two app instances, PostgreSQL and Redis.
 * @param {string} stackDir
 * @param {StackPorts} ports
 * @returns {Record<string, string>}
 */
export function stackEnv(stackDir, ports) {
  return {
    STACK_DIR: stackDir,
    STACK_PORT: String(ports.front),
    STACK_HTTPS_PORT: String(ports.frontHttps),
    STACK_APP_PORTS: `${ports.appA},${ports.appB}`,
    STACK_PG_PORT: String(ports.postgres),
    STACK_REDIS_PORT: String(ports.redis),
    // A throwaway stack: no backups of it beside the checkout (a deploy's goes into the stack's folder).
    BACKUP_INTERVAL_HOURS: '0',
    BACKUP_DIR: path.resolve(ROOT, stackDir, 'backups'),
  }
}

/**
 * A bench's stack ports: `base` and the next five (the instances, the plain HTTP front, PostgreSQL,
 * Redis, the https front), each replaced by its STACK_* variable when that is set. A bench's own
 * servers take base + 6 and on.
 * @param {number} base
 * @returns {StackPorts}
 */
export function benchStackPorts(base) {
  const env = (/** @type {string} */ name, /** @type {number} */ fallback) => Number(process.env[name] || fallback)
  const [appA, appB] = (process.env.STACK_APP_PORTS || `${base},${base + 1}`).split(',').map(Number)
  return {
    appA,
    appB,
    front: env('STACK_PORT', base + 2),
    postgres: env('STACK_PG_PORT', base + 3),
    redis: env('STACK_REDIS_PORT', base + 4),
    frontHttps: env('STACK_HTTPS_PORT', base + 5),
  }
}

/**
 * The front's address, as the stack names it (FRONT_URL in deploy/lib/config.mjs).
 * @param {StackPorts} ports
 * @returns {string}
 */
export const frontOrigin = (ports) => `https://127.0.0.1:${ports.frontHttps}`

/**
 * The self-signed certificate the stack made for its front (deploy/lib/stackFront.mjs, ensureTlsCertificate) and its key.
 * @param {string} stackDir
 * @returns {{ cert: string, key: string }}
 */
export const stackTlsFiles = (stackDir) => ({
  cert: path.join(stackDir, 'tls', 'cert.pem'),
  key: path.join(stackDir, 'tls', 'key.pem'),
})

/**
 * Makes this process's TLS clients (fetch, https, tls.connect) trust the stack's certificate
 * beside the usual authorities, as a browser told to trust it would: names and dates still count.
 * @param {string} stackDir
 */
export function trustStackCertificate(stackDir) {
  const certificate = fs.readFileSync(stackTlsFiles(stackDir).cert, 'utf8')
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate])
}

/**
 * Runs `node deploy/stack.mjs <command>` from the checkout with `env`, failing loudly when it does.
 * @param {string} command
 * @param {Record<string, string | undefined>} env
 */
export function runStack(command, env) {
  // Next's types claim NODE_ENV in every environment; the stack's commands set their own.
  const childEnv = /** @type {NodeJS.ProcessEnv} */ (env)
  const result = spawnSync(process.execPath, ['deploy/stack.mjs', command], {
    cwd: ROOT,
    stdio: 'inherit',
    env: childEnv,
  })
  if (result.status !== 0) throw new Error(`node deploy/stack.mjs ${command} failed`)
}
