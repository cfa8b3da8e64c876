import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { cpuSeconds } from '../../scripts/lib/processTree.mjs'

/** Busy for this long: several of /proc's clock ticks (10 ms each). */
const BUSY_MS = 300

describe('cpuSeconds, the CPU a process has used as /proc tells it', () => {
  it('grows while this process works', () => {
    const before = cpuSeconds(process.pid)
    const until = performance.now() + BUSY_MS
    while (performance.now() < until) Math.sqrt(Math.random())
    expect(cpuSeconds(process.pid) - before).toBeGreaterThan(BUSY_MS / 1000 / 3)
  })

  it('reads the right fields of a process whose name holds ") " and spaces', async () => {
    // The child names itself like that, works, and says so; its CPU is read while it waits.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `process.title = 'a) b c'; const until = Date.now() + ${BUSY_MS}; while (Date.now() < until) Math.random(); console.log('done'); setTimeout(() => {}, 10000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await once(child.stdout!, 'data')
      const seconds = cpuSeconds(child.pid!)
      expect(seconds).toBeGreaterThan(BUSY_MS / 1000 / 3)
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
