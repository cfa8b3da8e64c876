// A Debian 12 system container with systemd as PID 1, for the server suite (tests/server): its base
// root file system made once per machine by debootstrap and kept as a tarball, unpacked afresh for each run,
// booted by systemd-nspawn, entered with nsenter, and powered off (or killed) and removed after.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureDebianPackages } from '../../../scripts/lib/bootstrap.mjs'
import { sayIfLong, withoutValues } from './longWaits'

export const ROOT = path.resolve(__dirname, '..', '..', '..')
/**
 * Kept between runs on this machine, outside any checkout, so that a clean clone's run finds it too
 * (SITE_TEST_CACHE_DIR names another place): the base root file system, and the Debian packages the
 * servers inside downloaded (their /var/cache/apt/archives), each fetched once.
 */
export const CACHE_DIR = process.env.SITE_TEST_CACHE_DIR || '/var/cache/site-tests'
const BASE_TARBALL = path.join(CACHE_DIR, 'debian-bookworm-base.tar')
const APT_ARCHIVES = path.join(CACHE_DIR, 'apt-archives')
const SUITE = 'bookworm'
/** What a bare server has beside Debian's minimal base: systemd as init, its bus, curl, and git to clone. */
const BASE_PACKAGES = ['systemd', 'systemd-sysv', 'dbus', 'curl', 'ca-certificates', 'git']
/** Where apt's sources name Debian's mirror on this machine (never written into the repository). */
const APT_SOURCES = ['/etc/apt/sources.list.d', '/etc/apt/sources.list']

const DEBOOTSTRAP_MS = 10 * 60_000
const UNPACK_MS = 2 * 60_000
const BOOT_MS = 60_000
const POWEROFF_MS = 30_000
const POLL_MS = 200
function runOrThrow(step: string, command: string, args: string[], timeout: number) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 })
  if (result.error) throw new Error(`${step}: ${result.error.message}`)
  if (result.status !== 0)
    throw new Error(`${step}: ${command} exited with ${result.status ?? result.signal}\n${result.stderr.slice(-2000)}`)
  return result.stdout
}

/** The Debian mirror apt uses here: the first `URIs:` (deb822) or `deb` line that serves the suite's main archive. */
export function debianMirror(): string {
  const files = APT_SOURCES.flatMap((place) => {
    if (!fs.existsSync(place)) return []
    return fs.statSync(place).isDirectory() ? fs.readdirSync(place).map((name) => path.join(place, name)) : [place]
  })
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    const uri = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text) ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s/m.exec(text)
    if (uri) return uri[1]
  }
  throw new Error(`no Debian mirror named in ${APT_SOURCES.join(' or ')}`)
}

/** The host's tools for the container, from Debian's packages (scripts/test.mjs lists them too). */
export const CONTAINER_PACKAGES: [string, string][] = [
  ['/usr/sbin/debootstrap', 'debootstrap'],
  ['/usr/bin/systemd-nspawn', 'systemd-container'],
]

/** The cached base tarball, made by debootstrap when there is none (a few minutes, once per machine). */
export function baseTarball(): string {
  ensureDebianPackages(CONTAINER_PACKAGES)
  if (fs.existsSync(BASE_TARBALL)) return BASE_TARBALL
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const work = fs.mkdtempSync(path.join(CACHE_DIR, 'debootstrap-'))
  try {
    const rootfs = path.join(work, 'rootfs')
    runOrThrow(
      'debootstrap',
      'debootstrap',
      ['--variant=minbase', `--include=${BASE_PACKAGES.join(',')}`, SUITE, rootfs, debianMirror()],
      DEBOOTSTRAP_MS,
    )
    // The container boots without a console login to wait on, and reaches the mirror by the host's resolver.
    fs.rmSync(path.join(rootfs, 'etc', 'machine-id'), { force: true })
    const partial = path.join(work, 'base.tar')
    runOrThrow('packing the base', 'tar', ['-C', rootfs, '-cf', partial, '.'], UNPACK_MS)
    fs.renameSync(partial, BASE_TARBALL)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
  return BASE_TARBALL
}

export type ExecResult = { code: number | null; stdout: string; stderr: string }

/** What the container needs from the host: folders mounted read-only at the same path inside. */
export type ContainerOptions = { readOnlyBinds?: string[]; log?: string }

/** Where apt inside keeps the packages it downloads: the machine's cache, shared by every container. */
function aptCacheBind(): string {
  fs.mkdirSync(path.join(APT_ARCHIVES, 'partial'), { recursive: true })
  return `--bind=${APT_ARCHIVES}:/var/cache/apt/archives`
}

export class Container {
  readonly rootfs: string
  private nspawn: ChildProcess | null = null
  private exited: Promise<number | null> = Promise.resolve(null)
  private leader = 0
  private readonly options: ContainerOptions
  private readonly log: string

  private constructor(rootfs: string, options: ContainerOptions) {
    this.rootfs = rootfs
    this.options = options
    this.log = options.log ?? path.join(path.dirname(rootfs), 'console.log')
  }

  /** A fresh root file system from the cached base, not yet booted. */
  static fresh(options: ContainerOptions = {}): Container {
    const tarball = baseTarball()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-'))
    const rootfs = path.join(dir, 'rootfs')
    fs.mkdirSync(rootfs)
    const startedAt = Date.now()
    runOrThrow('unpacking the base', 'tar', ['-C', rootfs, '-xf', tarball], UNPACK_MS)
    sayIfLong('the base unpacked', startedAt)
    return new Container(rootfs, options)
  }

  /** Boots it with systemd as PID 1; resolves once systemd says the boot is done (running or degraded). */
  async boot(): Promise<void> {
    const startedAt = Date.now()
    const out = fs.openSync(this.log, 'a')
    const binds = [...(this.options.readOnlyBinds ?? []).map((dir) => `--bind-ro=${dir}`), aptCacheBind()]
    // Without --register=no --keep-unit it fails: the host has no system bus for machined.
    const child = spawn(
      'systemd-nspawn',
      ['-D', this.rootfs, '-b', '--register=no', '--keep-unit', '--console=pipe', ...binds],
      { stdio: ['ignore', out, out] },
    )
    fs.closeSync(out)
    this.nspawn = child
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    const deadline = Date.now() + BOOT_MS
    while (!this.leader) {
      if (child.exitCode !== null) throw new Error(`boot: systemd-nspawn exited with ${child.exitCode}\n${this.tail()}`)
      if (Date.now() > deadline) throw new Error(`boot: no PID 1 inside after ${BOOT_MS} ms\n${this.tail()}`)
      this.leader = containerInit(child.pid!) ?? 0
      if (!this.leader) await sleep(POLL_MS)
    }
    // systemctl answers once systemd has its private socket; --wait then holds until the boot is done.
    const said = await until('boot: systemd inside', deadline - Date.now(), async () => {
      const state = await this.exec('systemctl is-system-running --wait', { timeoutMs: deadline - Date.now() })
      const said = state.stdout.trim() || state.stderr.trim()
      // "offline": a PID 1 not yet listening (just after a reboot); a failed connection likewise.
      return said === 'offline' || /Failed to connect/.test(said) ? undefined : said
    })
    if (said !== 'running' && said !== 'degraded')
      throw new Error(`boot: systemd says "${said}" after the boot\n${this.tail()}`)
    sayIfLong('booted', startedAt)
  }

  /** Runs `command` in a login-like root shell inside (every namespace of the container's PID 1). */
  exec(command: string, { timeoutMs = 60_000 } = {}): Promise<ExecResult> {
    if (!this.leader) throw new Error('the container is not running')
    const env = ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'HOME=/root', 'LANG=C.UTF-8']
    const startedAt = Date.now()
    return new Promise((resolve, reject) => {
      const child = spawn('nsenter', [
        '-t',
        String(this.leader),
        '-a',
        '--',
        'env',
        '-i',
        ...env,
        'bash',
        '-c',
        command,
      ])
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk) => (stdout += chunk))
      child.stderr.on('data', (chunk) => (stderr += chunk))
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error(`"${command}" took over ${timeoutMs} ms\n${stdout.slice(-2000)}${stderr.slice(-2000)}`))
      }, timeoutMs)
      child.once('error', reject)
      child.once('close', (code) => {
        clearTimeout(timer)
        sayIfLong(withoutValues(command), startedAt)
        resolve({ code, stdout, stderr })
      })
    })
  }

  /** Like exec, failing with its output when the command fails. */
  async run(command: string, options?: { timeoutMs?: number }): Promise<string> {
    const result = await this.exec(command, options)
    if (result.code !== 0)
      throw new Error(
        `"${command}" exited with ${result.code}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
      )
    return result.stdout
  }

  /** `systemctl reboot` inside: systemd-nspawn ends with 133 (a reboot asked for), and boots it again. */
  async reboot(): Promise<void> {
    await this.exec('systemctl reboot')
    const code = await withTimeout(this.exited, POWEROFF_MS, 'reboot: the container did not go down')
    this.leader = 0
    if (code !== REBOOT_EXIT_CODE) throw new Error(`reboot: systemd-nspawn ended with ${code}, not ${REBOOT_EXIT_CODE}`)
    await this.boot()
  }

  /** Powers it off (killing it when it does not stop in time), then removes its files. */
  async destroy(): Promise<void> {
    if (this.nspawn && this.nspawn.exitCode === null) {
      // systemd's poweroff signal (Node's process.kill knows no real-time signals).
      if (this.leader) spawnSync('kill', ['-s', 'RTMIN+4', String(this.leader)])
      try {
        await withTimeout(this.exited, POWEROFF_MS, 'poweroff')
      } catch {
        // PID 1 killed ends every process of the container's PID namespace, then systemd-nspawn.
        if (this.leader) process.kill(this.leader, 'SIGKILL')
        this.nspawn.kill('SIGKILL')
        await withTimeout(this.exited, POWEROFF_MS, 'killing the container').catch(() => undefined)
      }
    }
    this.leader = 0
    fs.rmSync(path.dirname(this.rootfs), { recursive: true, force: true })
  }

  private tail(): string {
    return fs.existsSync(this.log) ? fs.readFileSync(this.log, 'utf8').slice(-3000) : ''
  }
}

/** systemd-nspawn's exit code when the container asked for a reboot. */
const REBOOT_EXIT_CODE = 133

/** The container's PID 1, seen from the host: the descendant of systemd-nspawn whose PID inside is 1. */
function containerInit(nspawnPid: number): number | undefined {
  const queue = [nspawnPid]
  while (queue.length) {
    const pid = queue.shift()!
    const status = readProc(`/proc/${pid}/status`)
    const nsPids = /^NSpid:\s*(.+)$/m
      .exec(status ?? '')?.[1]
      .trim()
      .split(/\s+/)
    if (pid !== nspawnPid && nsPids && nsPids.length > 1 && nsPids.at(-1) === '1') return pid
    for (const task of fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`) : [])
      queue.push(...(readProc(`/proc/${pid}/task/${task}/children`) ?? '').split(/\s+/).filter(Boolean).map(Number))
  }
  return undefined
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function withTimeout<T>(promise: Promise<T>, ms: number, step: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Polls `check` until it returns a value, for at most `ms`; fails naming `step` with the last error. */
export async function until<T>(step: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    await sleep(POLL_MS)
  }
  throw new Error(`${step}: not within ${ms} ms${last ? ` (${last instanceof Error ? last.message : last})` : ''}`)
}
