// Which backups retention keeps (scripts/lib/backupRetention.mjs): the newest of each of the last
// N days, weeks and months, each series on its own, told by named dates; the backup folder thinned
// by it; and the names of backups made within one second, told apart to the millisecond.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backup } from '../../scripts/lib/backup.mjs'
import { verifyArchive } from '../../scripts/lib/backupArchiveReading.mjs'
import { archiveDate, archiveName, newestArchive, secretsNameFor } from '../../scripts/lib/backupArchives.mjs'
import {
  archivesToDelete,
  archivesToKeep,
  DEFAULT_RETENTION,
  pruneBackupDir,
  retentionFrom,
} from '../../scripts/lib/backupRetention.mjs'

/** Archives of the `site` series made at these UTC times, by name. */
const archives = (...times: string[]) =>
  times.map((time) => ({ name: archiveName('site', new Date(time)), made: new Date(time) }))
const names = (...times: string[]) => archives(...times).map((archive) => archive.name)
const kept = (retention: typeof DEFAULT_RETENTION, ...times: string[]) =>
  [...archivesToKeep(archives(...times), retention)].sort()

describe('retention', () => {
  it('keeps 7 daily, 4 weekly and 6 monthly copies by default, from BACKUP_KEEP_DAILY/WEEKLY/MONTHLY when set', () => {
    expect(DEFAULT_RETENTION).toEqual({ daily: 7, weekly: 4, monthly: 6 })
    expect(retentionFrom({})).toEqual(DEFAULT_RETENTION)
    expect(retentionFrom({ BACKUP_KEEP_DAILY: '3', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MONTHLY: ' 12 ' })).toEqual({
      daily: 3,
      weekly: 0,
      monthly: 12,
    })
    expect(() => retentionFrom({ BACKUP_KEEP_WEEKLY: 'two' })).toThrow(
      'BACKUP_KEEP_WEEKLY must be a whole number of 0 or more, not "two"',
    )
    expect(() => retentionFrom({ BACKUP_KEEP_DAILY: '-1' })).toThrow(/BACKUP_KEEP_DAILY/)
  })

  it('keeps the newest backup of each of the last days that have one, not the earlier ones of the same day', () => {
    const daily = { daily: 2, weekly: 0, monthly: 0 }
    expect(
      kept(
        daily,
        '2026-12-03T03:15:00Z', // Thursday
        '2026-12-03T14:00:00Z', // a deploy's, later the same Thursday
        '2026-12-01T03:15:00Z', // Tuesday: Wednesday had none
        '2026-11-30T03:15:00Z',
      ),
    ).toEqual(names('2026-12-01T03:15:00Z', '2026-12-03T14:00:00Z').sort())
  })

  it('keeps the newest of each of the last weeks, the weeks starting on Monday (UTC)', () => {
    const weekly = { daily: 0, weekly: 2, monthly: 0 }
    expect(
      kept(
        weekly,
        '2026-12-07T03:15:00Z', // Monday: a week of its own
        '2026-12-06T03:15:00Z', // Sunday, ending the week before
        '2026-12-01T03:15:00Z', // Tuesday of that week
        '2026-11-29T03:15:00Z', // Sunday of the week before that
      ),
    ).toEqual(names('2026-12-06T03:15:00Z', '2026-12-07T03:15:00Z').sort())
  })

  it('keeps the newest of each of the last months, across a year’s end', () => {
    const monthly = { daily: 0, weekly: 0, monthly: 3 }
    expect(
      kept(
        monthly,
        '2027-01-02T03:15:00Z',
        '2026-12-31T03:15:00Z',
        '2026-12-01T03:15:00Z',
        '2026-11-15T03:15:00Z',
        '2026-10-31T03:15:00Z',
      ),
    ).toEqual(names('2026-11-15T03:15:00Z', '2026-12-31T03:15:00Z', '2027-01-02T03:15:00Z').sort())
  })

  it('keeps a copy counted by several rules once, and the newest of all even with every number 0', () => {
    const year = Array.from({ length: 365 }, (_, day) =>
      new Date(Date.UTC(2026, 0, 1, 3, 15) + day * 24 * 60 * 60 * 1000).toISOString(),
    )
    const keptOfYear = kept(DEFAULT_RETENTION, ...year)
    // Daily: Dec 25-31 (a Thursday). Weekly: the weeks of Dec 28 and 21 are kept already (31, 27),
    // those of Dec 14 and 7 add their Sundays. Monthly: December is kept already, July-November add their last days.
    expect(keptOfYear).toEqual(
      names(
        ...['25', '26', '27', '28', '29', '30', '31'].map((day) => `2026-12-${day}T03:15:00Z`),
        '2026-12-13T03:15:00Z',
        '2026-12-20T03:15:00Z',
        ...['07-31', '08-31', '09-30', '10-31', '11-30'].map((day) => `2026-${day}T03:15:00Z`),
      ).sort(),
    )
    expect(kept({ daily: 0, weekly: 0, monthly: 0 }, ...year)).toEqual(names('2026-12-31T03:15:00Z'))
  })

  it('thins each series on its own and leaves names that are not archives alone', () => {
    const old = new Date('2026-12-01T03:15:00Z')
    const newer = new Date('2026-12-02T03:15:00Z')
    const files = [
      archiveName('site', old),
      archiveName('site', newer, { encrypted: true }),
      archiveName('stack', old),
      archiveName('site-before-restore', old),
      'site-notes.tar.gz',
    ]
    expect(archivesToDelete(files, { daily: 1, weekly: 0, monthly: 0 })).toEqual([archiveName('site', old)])
  })
})

describe('a backup folder thinned by retention', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-retention-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('deletes the archives it does not keep, and the secrets file an older backup left beside one', () => {
    const [older, newest] = [new Date('2026-12-01T03:15:00Z'), new Date('2026-12-02T03:15:00Z')]
    const files = [
      archiveName('site', older),
      secretsNameFor(archiveName('site', older)),
      archiveName('site', newest, { encrypted: true }),
      `${archiveName('site', older)}.partial`,
    ]
    for (const name of files) fs.writeFileSync(path.join(dir, name), 'x')
    expect(pruneBackupDir(dir, { daily: 1, weekly: 0, monthly: 0 })).toEqual([archiveName('site', older)])
    expect(fs.readdirSync(dir).sort()).toEqual(
      [archiveName('site', newest, { encrypted: true }), `${archiveName('site', older)}.partial`].sort(),
    )
  })
})

describe('archive names', () => {
  it('carry the time to the millisecond, and sort as the archives were made, after the older names of whole seconds', () => {
    const made = new Date('2026-11-26T03:15:00.123Z')
    expect(archiveName('site', made)).toBe('site-2026-11-26T031500.123Z.tar.gz')
    expect(archiveDate(archiveName('site', made, { encrypted: true }))).toEqual(made)
    // A name made before the milliseconds is read as the start of its second.
    expect(archiveDate('site-2026-11-26T031500Z.tar.gz')).toEqual(new Date('2026-11-26T03:15:00.000Z'))
    // Names of whole seconds were all made before the first name with milliseconds.
    const inOrder = [
      'site-2026-11-26T031458Z.tar.gz',
      'site-2026-11-26T031459Z.tar.gz',
      archiveName('site', new Date('2026-11-26T03:15:00.000Z')),
      archiveName('site', new Date('2026-11-26T03:15:00.001Z')),
      archiveName('site', new Date('2026-11-26T03:15:00.999Z')),
      archiveName('site', new Date('2026-11-26T03:15:01.500Z')),
    ]
    expect([...inOrder].sort()).toEqual(inOrder)
    expect(inOrder.map((name) => archiveDate(name)!.getTime())).toEqual(
      [...inOrder].map((name) => archiveDate(name)!.getTime()).sort((a, b) => a - b),
    )
  })
})

describe('backups made within one second, and several in one day', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-names-'))
  const dataDir = path.join(root, 'data')
  const backupDir = path.join(root, 'backups')
  /** Two backups asked for at one instant (a deploy's beside the timer's), as the clock injected says. */
  const SAME_INSTANT = new Date('2026-12-03T03:15:00.250Z')
  const backupAt = async (now: Date) =>
    path.basename((await backup({ dataDir, backupDir, envFile: null, now })).archive)
  let sameInstant: string[]
  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true })
    const database = createClient({ url: `file:${path.join(dataDir, 'site.db')}` })
    try {
      await database.execute('CREATE TABLE pages (title TEXT)')
    } finally {
      database.close()
    }
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it('names each its own archive, the later one newer, and finds the later one the newest', async () => {
    sameInstant = [await backupAt(SAME_INSTANT), await backupAt(SAME_INSTANT)]
    expect(new Set(sameInstant).size).toBe(2)
    expect(fs.readdirSync(backupDir).sort()).toEqual(sameInstant)
    const [first, second] = sameInstant.map((name) => archiveDate(name)!)
    expect(first).toEqual(SAME_INSTANT)
    expect(second.getTime()).toBeGreaterThan(first.getTime())
    expect(newestArchive(backupDir, 'site')?.name).toBe(sameInstant[1])
  })

  it('names each its own archive when both are under way at once, neither overwriting the other', async () => {
    const AT_ONCE = new Date('2026-12-03T03:20:00.500Z')
    const atOnce = await Promise.all([backupAt(AT_ONCE), backupAt(AT_ONCE)])
    expect(new Set(atOnce).size).toBe(2)
    expect(atOnce.map((name) => archiveDate(name)!.getTime()).sort()).toEqual([
      AT_ONCE.getTime(),
      AT_ONCE.getTime() + 1,
    ])
    // Each archive is whole and its own, and no claim is left behind.
    for (const name of atOnce) await verifyArchive(path.join(backupDir, name), name)
    expect(fs.readdirSync(backupDir).sort()).toEqual([...sameInstant, ...atOnce].sort())
    for (const name of atOnce) fs.rmSync(path.join(backupDir, name))
  })

  it('counts several backups of one day as one daily copy, keeping the newest of that day', async () => {
    const laterThatDay = await backupAt(new Date('2026-12-03T14:00:00.000Z'))
    const dayBefore = await backupAt(new Date('2026-12-02T03:15:00.000Z'))
    expect(pruneBackupDir(backupDir, { daily: 2, weekly: 0, monthly: 0 })).toEqual(sameInstant)
    expect(fs.readdirSync(backupDir).sort()).toEqual([dayBefore, laterThatDay].sort())
  })
})
