import fs from 'node:fs'
import path from 'node:path'
import type { CheckResult } from './check'

const MB = 1024 * 1024
const GB = 1024 * MB
/** Free space under which the disk of the data folder warns: 2 GB, or a tenth of the disk. */
export const DISK_WARN_FREE_BYTES = 2 * GB
export const DISK_WARN_FREE_SHARE = 0.1
/** Free space under which it fails: the database and uploads may soon fail to write. */
export const DISK_FAIL_FREE_BYTES = 500 * MB

const NAME = 'disk'

const shown = (bytes: number) => (bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`)

/** The status of a disk with `free` of `total` bytes left for this user. */
export function diskStatus(free: number, total: number): CheckResult {
  const share = total > 0 ? free / total : 0
  const detail = `${shown(free)} free of ${shown(total)} (${Math.round(share * 100)} %)`
  const fix = 'free space on that disk (old logs, releases, backups copied elsewhere) or make it larger'
  if (free < DISK_FAIL_FREE_BYTES) return { name: NAME, status: 'fail', detail, fix }
  if (free < DISK_WARN_FREE_BYTES || share < DISK_WARN_FREE_SHARE) return { name: NAME, status: 'warn', detail, fix }
  return { name: NAME, status: 'ok', detail }
}

/** Free space on the disk that holds `dir` (or the nearest folder above it that exists). */
export async function diskCheck(dir: string): Promise<CheckResult> {
  let existing = path.resolve(dir)
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing)
  const stats = await fs.promises.statfs(existing)
  const result = diskStatus(stats.bavail * stats.bsize, stats.blocks * stats.bsize)
  return { ...result, detail: `${result.detail} on the disk of ${dir}` }
}
