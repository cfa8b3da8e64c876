// The server's files as deploy/server/install.mjs renders them for this checkout, for the suites
// that check its systemd units, its front and the install command itself.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { makeCertificate } from './front'

export const ROOT = path.resolve(__dirname, '../..')
const INSTALL = path.join(ROOT, 'deploy', 'server', 'install.mjs')
export const PORTS = [3101, 3102]

/** Where renderServerFiles() put the files, and the instance unit it rendered; set before the suite's tests. */
export let unitsDir: string
export let instanceUnit: string

export function render(...args: string[]) {
  return spawnSync(process.execPath, [INSTALL, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 })
}

/** systemd's own check of unit files (syntax, directives, executables); run where the files are. */
export function verify(...units: string[]) {
  return spawnSync('systemd-analyze', ['verify', ...units.map((unit) => `./${unit}`)], {
    cwd: unitsDir,
    encoding: 'utf8',
    timeout: 30_000,
  })
}

/** Renders the server's files into a new unitsDir before the suite's tests, and removes them after. */
export function renderServerFiles() {
  beforeAll(() => {
    unitsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-units-'))
    const certificate = makeCertificate(unitsDir, 'www.example.com')
    // Rendered for this checkout, so that the command the unit starts exists here; nginx's folder is
    // the same one, so that `nginx -t` finds what the configuration names.
    const result = render(
      '--render-only',
      unitsDir,
      '--release-dir',
      ROOT,
      '--instances',
      PORTS.join(','),
      '--front-dir',
      unitsDir,
      '--domain',
      'www.example.com',
      '--tls-cert',
      certificate.cert,
      '--tls-key',
      certificate.key,
    )
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    instanceUnit = fs.readFileSync(path.join(unitsDir, 'site@.service'), 'utf8')
  })
  afterAll(() => fs.rmSync(unitsDir, { recursive: true, force: true }))
}

/** Runs `script` in sh as `user` (this suite runs as root, as install does). */
export const as = (user: string, script: string) =>
  spawnSync('runuser', ['-u', user, '--', 'sh', '-c', script], { encoding: 'utf8', timeout: 10_000 })
