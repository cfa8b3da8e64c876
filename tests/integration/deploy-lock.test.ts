// One deploy or rollback at a time (deploy/lib/deployLock.mjs): a second one is refused naming the
// first, a lock left by a process that has ended (kill -9) is taken over, and `node deploy/stack.mjs
// deploy` refuses to start while another holds the stack's lock.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { takeDeployLock, UNREADABLE_LOCK_GRACE_MS, withDeployLock } from '../../deploy/lib/deployLock.mjs'
import { recordOf } from '../../deploy/lib/processes.mjs'

const ROOT = path.resolve(__dirname, '../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-deploy-lock-'))
let files = 0
const lockFile = () => path.join(work, `lock-${(files += 1)}`, 'deploy.lock')

/** A waiting child process that holds `file`, as a deploy in progress does; resolves once it holds it. */
async function holderProcess(file: string) {
  const code = `
    const { takeDeployLock } = await import(${JSON.stringify(path.join(ROOT, 'deploy/lib/deployLock.mjs'))})
    takeDeployLock(${JSON.stringify(file)}, 'a deploy')
    console.log('held')
    setInterval(() => {}, 1000)
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the holder did not take the lock within 10 s')), 10_000)
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`the holder ended (${code}) before taking the lock`)))
  })
  return child
}

const children: ReturnType<typeof spawn>[] = []

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  fs.rmSync(work, { recursive: true, force: true })
})

describe('the deploy lock', () => {
  it('refuses a second deploy while one holds it, naming the one that does, and is free once given back', () => {
    const file = lockFile()
    const release = takeDeployLock(file, 'a deploy')
    expect(() => takeDeployLock(file, 'a rollback')).toThrow(
      new RegExp(`^a deploy \\(pid ${process.pid}\\) has been running since .+; one deploy or rollback at a time`),
    )
    release()
    expect(fs.existsSync(file)).toBe(false)
    takeDeployLock(file, 'a rollback')()
  })

  it('refuses while another process holds it, and is taken over once that process is killed (kill -9)', async () => {
    const file = lockFile()
    const holder = await holderProcess(file)
    children.push(holder)
    expect(() => takeDeployLock(file, 'a deploy')).toThrow(`a deploy (pid ${holder.pid}) has been running since`)
    const ended = new Promise((resolve) => holder.once('exit', resolve))
    holder.kill('SIGKILL')
    await ended
    const release = takeDeployLock(file, 'a deploy')
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, what: 'a deploy' })
    release()
  })

  it('does not take a pid reused by another process for the holder', () => {
    const file = lockFile()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    // This process's pid, but another start time: the holder that wrote it has ended.
    fs.writeFileSync(file, JSON.stringify({ ...recordOf(process.pid), started: '1', what: 'a deploy', since: 'then' }))
    takeDeployLock(file, 'a deploy')()
  })

  it('counts a lock being written this moment as held, and one left half-written as free', () => {
    const file = lockFile()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, '{"pid":')
    expect(() => takeDeployLock(file, 'a deploy')).toThrow('another deploy is starting')
    const old = new Date(Date.now() - UNREADABLE_LOCK_GRACE_MS - 1_000)
    fs.utimesSync(file, old, old)
    takeDeployLock(file, 'a deploy')()
  })

  it('is given back when the work under it fails', async () => {
    const file = lockFile()
    await expect(
      withDeployLock(file, 'a deploy', async () => {
        throw new Error('the build failed')
      }),
    ).rejects.toThrow('the build failed')
    expect(fs.existsSync(file)).toBe(false)
  })

  it("keeps `node deploy/stack.mjs deploy` from starting while another deploy holds the stack's lock", () => {
    const stackDir = path.join(work, 'stack')
    fs.mkdirSync(stackDir)
    const release = takeDeployLock(path.join(stackDir, 'deploy.lock'), 'a deploy')
    try {
      const result = spawnSync(process.execPath, ['deploy/stack.mjs', 'deploy'], {
        cwd: ROOT,
        env: { ...process.env, STACK_DIR: stackDir },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(`a deploy (pid ${process.pid}) has been running since`)
      expect(result.stderr).not.toContain('the stack is not running')
    } finally {
      release()
    }
  })
})
