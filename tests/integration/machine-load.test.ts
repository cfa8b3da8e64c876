import { describe, expect, it } from 'vitest'
import { busyShare, processorTimes } from '../../scripts/lib/machineLoad.mjs'

describe('the machine load reported beside each phase of npm test', () => {
  it('reads the summed processor counters, counting I/O wait as idle', () => {
    const stat = 'cpu  100 5 20 300 10 1 2 3 0 0\ncpu0 50 2 10 150 5 0 1 1 0 0\nintr 1\n'
    expect(processorTimes(stat)).toEqual({ busy: 100 + 5 + 20 + 1 + 2 + 3, idle: 300 + 10 })
  })

  it('gives the busy share between two readings, and nothing when a reading is missing or no time passed', () => {
    expect(busyShare({ busy: 100, idle: 100 }, { busy: 175, idle: 125 })).toBe(0.75)
    expect(busyShare(null, { busy: 1, idle: 1 })).toBeNull()
    expect(busyShare({ busy: 1, idle: 1 }, { busy: 1, idle: 1 })).toBeNull()
  })
})
