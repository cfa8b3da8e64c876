import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DISK_FAIL_FREE_BYTES, DISK_WARN_FREE_BYTES, DISK_WARN_FREE_SHARE, diskCheck, diskStatus } from './disk'

const TOTAL = 100 * DISK_WARN_FREE_BYTES

describe('the free-disk check', () => {
  it('is ok with room, warns under its bytes or its share, and fails under the last margin', () => {
    expect(diskStatus(TOTAL / 2, TOTAL).status).toBe('ok')
    expect(diskStatus(DISK_WARN_FREE_BYTES - 1, TOTAL).status).toBe('warn')
    const bigDisk = 1000 * DISK_WARN_FREE_BYTES
    expect(diskStatus(bigDisk * DISK_WARN_FREE_SHARE * 0.99, bigDisk).status).toBe('warn')
    const full = diskStatus(DISK_FAIL_FREE_BYTES - 1, TOTAL)
    expect(full).toMatchObject({ name: 'disk', status: 'fail' })
    expect(full.fix).toMatch(/free space/)
  })

  it('measures the disk of the folder, or of the nearest folder above one not made yet', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-disk-'))
    try {
      const stats = fs.statfsSync(dir)
      const free = stats.bavail * stats.bsize
      expect(diskStatus(free, stats.blocks * stats.bsize).detail.split(' on ')[0]).toBe(
        (await diskCheck(dir)).detail.split(' on ')[0],
      )
      const notYet = path.join(dir, 'data', 'deeper')
      expect((await diskCheck(notYet)).detail).toContain(`on the disk of ${notYet}`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
