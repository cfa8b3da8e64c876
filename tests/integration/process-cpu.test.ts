import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { cpuSeconds } from '../../scripts/lib/processTree.mjs'

/**
 * CPU time to spend: several of /proc's clock ticks (10 ms each). A process works until Node says it
 * has used this much, however long a busy machine takes to give it that (within WORK_BOUND_MS).
 */
const BUSY_MS = 300
/** /proc counts whole ticks: what it reports may trail Node's own count by a little. */
const READ_SHARE = 0.8
/** The longest the work may take on a machine too busy to give it the CPU (then the test fails). */
const WORK_BOUND_MS = 30_000

/** Works until this process has used `ms` more CPU time than when it started, by Node's own count. */
function useCpu(ms: number) {
  const start = process.cpuUsage()
  const bound = performance.now() + WORK_BOUND_MS
  for (;;) {
    for (let i = 0; i < 10_000; i++) Math.sqrt(Math.random())
    const used = process.cpuUsage(start)
    if ((used.user + used.system) / 1000 >= ms) return
    if (performance.now() > bound) throw new Error(`did not get ${ms} ms of CPU within ${WORK_BOUND_MS} ms`)
  }
}

describe('cpuSeconds, the CPU a process has used as /proc tells it', () => {
  it('grows while this process works', () => {
    const before = cpuSeconds(process.pid)
    useCpu(BUSY_MS)
    expect(cpuSeconds(process.pid) - before).toBeGreaterThan((BUSY_MS / 1000) * READ_SHARE)
  })

  it('reads the right fields of a process whose name holds ") " and spaces', async () => {
    // The child names itself like that, works, and says so; its CPU is read while it waits.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `process.title = 'a) b c'; const s = process.cpuUsage(); for (;;) { Math.random(); const u = process.cpuUsage(s); if (u.user + u.system >= ${BUSY_MS * 1000}) break } console.log('done'); setTimeout(() => {}, 10000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await once(child.stdout!, 'data')
      const seconds = cpuSeconds(child.pid!)
      expect(seconds).toBeGreaterThan((BUSY_MS / 1000) * READ_SHARE)
      expect(seconds).toBeLessThan(60)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('is 0 for a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await once(child, 'exit')
    expect(cpuSeconds(child.pid!)).toBe(0)
  })
})
