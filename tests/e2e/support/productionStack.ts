// The production front (deploy/stack.mjs) the production-stack suites (tests/e2e/front/) check:
// nginx before two app instances on one PostgreSQL and one Redis, on ports of its own, started once
// for all of them. No browser: almost every check is an HTTP request.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test as base, type APIRequestContext } from '@playwright/test'
import { completeContactFields } from '../../../bench/lib/contactFields.mjs'
import { benchStackPorts, frontOrigin, stackEnv, trustStackCertificate } from '../../../bench/lib/stack.mjs'
import { commandLine, descendantsOf } from '../../../scripts/lib/processTree.mjs'

export const STACK_DIR = path.resolve('.tmp', 'stack-e2e')
/**
 * Six ports from here (3201 unless E2E_FRONT_PORT_BASE says), so two checkouts' suites can run side
 * by side; each replaced by its STACK_* variable when that is set.
 */
const PORT_BASE = Number(process.env.E2E_FRONT_PORT_BASE || 3201)
export const PORTS = benchStackPorts(PORT_BASE)
/** The front over https, with the certificate the stack made; its plain HTTP port only redirects here. */
export const FRONT = frontOrigin(PORTS)
export const APP_A = `http://127.0.0.1:${PORTS.appA}`
export const APP_B = `http://127.0.0.1:${PORTS.appB}`
/** A fresh stack migrates and seeds PostgreSQL before the instances start. */
const STACK_START_TIMEOUT_MS = 5 * 60_000
/** Longest a stack's stop may take. */
const STACK_STOP_TIMEOUT_MS = 2 * 60_000
export const POLL_MS = 100

function stack(command: 'start' | 'stop') {
  const result = spawnSync(process.execPath, ['deploy/stack.mjs', command], {
    encoding: 'utf8',
    timeout: STACK_START_TIMEOUT_MS,
    env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
  })
  if (result.status !== 0) {
    throw new Error(`stack ${command} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  }
}

/**
 * The stack, started once for every production-stack suite: they run in one worker, one file after
 * another (playwright.config.ts), and the worker stops it when it ends. Its start and its stop count
 * against one timeout.
 */
export const test = base.extend<object, { productionStack: void }>({
  productionStack: [
    async ({}, use) => {
      // The suites test this checkout: a release left by an earlier run's deploy is not run.
      fs.rmSync(path.join(STACK_DIR, 'current'), { force: true })
      stack('start')
      // Node's clients here (fetch, http2, Playwright's requests) trust the stack's certificate.
      trustStackCertificate(STACK_DIR)
      await use()
      stack('stop')
    },
    { scope: 'worker', auto: true, timeout: STACK_START_TIMEOUT_MS + 30_000 + STACK_STOP_TIMEOUT_MS },
  ],
})

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function adminAuth(request: APIRequestContext, origin: string) {
  const credentials = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'admin.json'), 'utf8'))
  const login = await request.post(`${origin}/api/users/login`, { data: credentials })
  expect(login.ok()).toBe(true)
  return { Authorization: `JWT ${(await login.json()).token}` }
}

export const contactFields = (name: string) =>
  completeContactFields(name, {
    email: 'front@example.com',
    service: 'tax-search',
    message: 'A request sent through the nginx front for a tax search on a Franklin County parcel.',
  })

/** The stack's record of its processes: each app's supervisor, and the serve process it keeps running. */
export function appProcesses(): { supervisor: number; instance: number | undefined }[] {
  const state = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8'))
  return state.processes.apps.map(({ pid }: { pid: number }) => ({
    supervisor: pid,
    instance: descendantsOf(pid).find((child) => commandLine(child)?.includes('scripts/serve.mjs')),
  }))
}
