import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { archiveName } from '../../../scripts/lib/backupArchives.mjs'
import { BACKUP_FAIL_AGE_HOURS, BACKUP_WARN_AGE_HOURS, backupCheck, lastBackup, offsiteCheck } from './backups'

const HOUR_MS = 60 * 60 * 1000
const NOW = new Date('2026-12-01T12:00:00Z')
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR_MS)
let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-backups-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const archive = (name: string) => fs.writeFileSync(path.join(dir, name), '')

describe('the last backup', () => {
  it('is the newest archive by its name, a restore’s copy of what it replaced and other files left out', () => {
    archive(archiveName('site', hoursAgo(30)))
    archive(archiveName('stack', hoursAgo(5)))
    archive(archiveName('site-before-restore', hoursAgo(1)))
    archive(`${archiveName('site', hoursAgo(2))}.partial`)
    archive('notes.txt')
    expect(lastBackup(dir, NOW)).toEqual({ name: archiveName('stack', hoursAgo(5)), ageSeconds: 5 * 3600 })
  })

  it('is ok within 36 hours, warns past them and fails past 72 or with none, the fix naming the backup', () => {
    archive(archiveName('site', hoursAgo(BACKUP_WARN_AGE_HOURS - 1)))
    expect(backupCheck(dir, NOW)).toMatchObject({ name: 'backup', status: 'ok' })
    const stale = backupCheck(dir, new Date(NOW.getTime() + 2 * HOUR_MS))
    expect(stale).toMatchObject({ status: 'warn' })
    expect(stale.detail).toContain(`is ${(BACKUP_WARN_AGE_HOURS + 1).toFixed(1)} h old`)
    expect(stale.fix).toContain('npm run backup')
    expect(backupCheck(dir, new Date(NOW.getTime() + BACKUP_FAIL_AGE_HOURS * HOUR_MS)).status).toBe('fail')
    expect(backupCheck(path.join(dir, 'none-here'), NOW)).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^no backup in/),
    })
  })

  it('warns that no off-site copy is configured, and asks a configured store for the last archive', async () => {
    archive(archiveName('site', hoursAgo(1)))
    expect(await offsiteCheck(dir, null)).toMatchObject({
      name: 'off-site copy',
      status: 'warn',
      detail: 'no off-site copy configured: a lost disk takes the backups with it',
    })
    const asked: string[] = []
    const store = (held: boolean) => ({
      where: 's3://backups',
      holds: async (name: string) => (asked.push(name), held),
    })
    expect((await offsiteCheck(dir, store(true))).status).toBe('ok')
    expect(await offsiteCheck(dir, store(false))).toMatchObject({ status: 'fail' })
    expect(asked).toEqual([archiveName('site', hoursAgo(1)), archiveName('site', hoursAgo(1))])
  })
})
