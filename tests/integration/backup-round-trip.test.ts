// A whole site backed up while it runs and restored, on SQLite and on PostgreSQL: every row and
// file found again, and a restore that would replace a site's data refused or kept.
import { createClient } from '@libsql/client'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  archiveDate,
  archiveName,
  BEFORE_RESTORE,
  MANIFEST_NAME,
  postgresToolCall,
  restore,
} from '../../scripts/lib/backup.mjs'
import { fileHashes, newestArchive, runScript, sha256, suiteTempRoot, tar } from '../support/backupArchives'
import { filledSiteSuite, type SiteSnapshot } from '../support/backupFilledSite'
import { startTempPostgres, type TempPostgres } from '../support/postgres'

// The site's folders (uploads, chat files, outbox) are fixed when its modules load: this suite gets its own.
const DATA_DIR = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.DATA_DIR}-backup`
  return process.env.DATA_DIR
})

const TEMP_ROOT = suiteTempRoot('backup-round-trip')
const { wipeDataDir, backUpFilledSite, snapshotOfRestored } = filledSiteSuite(DATA_DIR)

/**
 * A copy of `archive` in `dir` whose database copy is junk, with a manifest that matches it (size
 * and hash), as a dump from a newer PostgreSQL or a damaged disk would leave: only the restore tool can tell.
 */
async function archiveWithJunkDatabase(archive: string, dir: string) {
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-'))
  try {
    await tar(['-xzf', archive, '-C', unpacked])
    const manifestFile = path.join(unpacked, MANIFEST_NAME)
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    const junk = path.join(unpacked, manifest.database.file)
    fs.writeFileSync(junk, 'PGDMP and SQLite format 3, neither in fact: '.repeat(100))
    manifest.database.size = fs.statSync(junk).size
    manifest.database.sha256 = sha256(junk)
    fs.writeFileSync(manifestFile, JSON.stringify(manifest))
    const junkArchive = path.join(dir, 'junk-database.tar.gz')
    await tar(['-czf', junkArchive, '-C', unpacked, '.'])
    return junkArchive
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true })
  }
}

describe('a backup of the embedded site (SQLite) restores every row and file', () => {
  const backupDir = path.join(TEMP_ROOT, 'site-backups-1')
  const databaseUrl = `file:${path.join(DATA_DIR, 'site.db')}`
  const env = { DATA_DIR, DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir }
  /** Where the forced restores here keep what they replace, apart from the archives the other tests pick. */
  const keptDir = path.join(TEMP_ROOT, 'site-kept-7')
  /** A forced restore of `archive` (the newest backup) over this site, keeping what it replaces in keptDir. */
  const forcedRestore = (archive = newestArchive(backupDir)) =>
    restore({ archive, dataDir: DATA_DIR, databaseUrl, force: true, backupDir: keptDir })
  let before: SiteSnapshot
  afterAll(() => {
    for (const dir of [backupDir, keptDir]) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('backs up the running site, restores it after a wipe, and finds every row and file again', async () => {
    fs.mkdirSync(DATA_DIR, { recursive: true })
    before = (await backUpFilledSite(databaseUrl, env)).before

    wipeDataDir()
    const output = await runScript('restore.mjs', [newestArchive(backupDir)], env)
    expect(output).toContain('Restored the backup')

    expect(await snapshotOfRestored(databaseUrl)).toEqual(before)
  })

  it('refuses to restore over a site that holds data, and changes nothing', async () => {
    const filesBefore = fileHashes(DATA_DIR)
    const databaseBefore = sha256(path.join(DATA_DIR, 'site.db'))
    await expect(restore({ archive: newestArchive(backupDir), dataDir: DATA_DIR, databaseUrl })).rejects.toThrow(
      /not empty.*--force to replace what is there \(a new site's seeded pages and first admin too\), a copy of it kept in .*nothing was changed/s,
    )
    expect(fileHashes(DATA_DIR)).toEqual(filesBefore)
    expect(sha256(path.join(DATA_DIR, 'site.db'))).toBe(databaseBefore)
  })

  it('replaces a site that holds data when forced, keeping the data folder’s own folders, their group and mode', async () => {
    const media = path.join(DATA_DIR, 'media')
    fs.writeFileSync(path.join(media, 'stray.txt'), 'not in the backup')
    // As a server's install leaves the uploads folder: the front's group, set-group-id (this suite runs as root).
    const frontGroup = 33
    fs.chownSync(media, 0, frontGroup)
    fs.chmodSync(media, 0o2750)
    const result = await forcedRestore()
    expect(result.files).toBe(Object.keys(before.files).length)
    expect(fileHashes(DATA_DIR)).toEqual(before.files)
    expect(fs.statSync(media).mode & 0o7777).toBe(0o2750)
    expect(fs.statSync(media).gid).toBe(frontGroup)
    const restored = fs.readdirSync(media).filter((name) => fs.statSync(path.join(media, name)).isFile())
    expect(restored.length).toBeGreaterThan(0)
    for (const name of restored) expect(fs.statSync(path.join(media, name)).gid).toBe(frontGroup)
  })

  it('refuses a forced restore whose database copy SQLite cannot read, before removing anything', async () => {
    const junkDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junk-'))
    const filesBefore = fileHashes(DATA_DIR)
    const databaseBefore = sha256(path.join(DATA_DIR, 'site.db'))
    const keptBefore = fs.existsSync(keptDir) ? fs.readdirSync(keptDir) : []
    try {
      const junk = await archiveWithJunkDatabase(newestArchive(backupDir), junkDir)
      await expect(forcedRestore(junk)).rejects.toThrow(/database copy cannot be restored.*nothing was changed/s)
      expect(fileHashes(DATA_DIR)).toEqual(filesBefore)
      expect(sha256(path.join(DATA_DIR, 'site.db'))).toBe(databaseBefore)
      expect(fs.existsSync(keptDir) ? fs.readdirSync(keptDir) : []).toEqual(keptBefore)
    } finally {
      fs.rmSync(junkDir, { recursive: true, force: true })
    }
  })

  it('keeps a backup of what a forced restore replaces, in the backup folder, and that backup restores it', async () => {
    const STRAY = path.join('media', 'kept-stray.txt')
    fs.writeFileSync(path.join(DATA_DIR, STRAY), 'not in the backup, but on the site')
    const live = createClient({ url: databaseUrl })
    try {
      await live.execute('CREATE TABLE kept_marker (note TEXT)')
      await live.execute("INSERT INTO kept_marker VALUES ('written after the backup')")
    } finally {
      live.close()
    }
    const filesBefore = fileHashes(DATA_DIR)
    // Copies kept by forced restores a moment before (names go by the second): this one goes beside them.
    const start = Date.now()
    const earlier = [0, 1, 2, 3].map((second) =>
      path.join(keptDir, archiveName(`site-${BEFORE_RESTORE}`, new Date(start + second * 1000))),
    )
    fs.mkdirSync(keptDir, { recursive: true })
    for (const file of earlier) fs.writeFileSync(file, 'a copy kept just before')

    const result = await forcedRestore().finally(() => earlier.forEach((file) => fs.rmSync(file, { force: true })))
    expect(earlier).not.toContain(result.beforeRestore)
    expect(result.tables).not.toHaveProperty('kept_marker')
    expect(path.dirname(result.beforeRestore!)).toBe(keptDir)
    expect(path.basename(result.beforeRestore!)).toMatch(new RegExp(`^site-${BEFORE_RESTORE}-`))
    expect(archiveDate(path.basename(result.beforeRestore!)), 'a name retention knows').not.toBeNull()

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-target-'))
    try {
      const dataDir = path.join(target, 'data')
      const kept = await restore({
        archive: result.beforeRestore!,
        dataDir,
        databaseUrl: `file:${path.join(dataDir, 'site.db')}`,
      })
      expect(kept.tables.kept_marker).toBe(1)
      expect(fileHashes(dataDir)).toEqual(filesBefore)
    } finally {
      fs.rmSync(target, { recursive: true, force: true })
    }
  })

  it('says a truncated archive is damaged and leaves the target untouched', async () => {
    const archive = newestArchive(backupDir)
    const truncated = path.join(backupDir, 'truncated.tar.gz')
    const bytes = fs.readFileSync(archive)
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-target-'))
    try {
      await expect(
        restore({
          archive: truncated,
          dataDir: path.join(target, 'data'),
          databaseUrl: `file:${path.join(target, 'data', 'site.db')}`,
        }),
      ).rejects.toThrow(/damaged or incomplete.*nothing was changed/s)
      expect(fs.readdirSync(target)).toEqual([])
    } finally {
      fs.rmSync(target, { recursive: true, force: true })
    }
  })

  it('says an archive whose file differs from its manifest is damaged and leaves the target untouched', async () => {
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-'))
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-target-'))
    try {
      await tar(['-xzf', newestArchive(backupDir), '-C', unpacked])
      const upload = fs.readdirSync(path.join(unpacked, 'data', 'media'))[0]
      fs.appendFileSync(path.join(unpacked, 'data', 'media', upload), 'changed')
      const tampered = path.join(backupDir, 'tampered.tar.gz')
      await tar(['-czf', tampered, '-C', unpacked, '.'])
      await expect(
        restore({
          archive: tampered,
          dataDir: path.join(target, 'data'),
          databaseUrl: `file:${path.join(target, 'data', 'site.db')}`,
        }),
      ).rejects.toThrow(
        new RegExp(`does not match its manifest: data/media/${upload} differs.*nothing was changed`, 's'),
      )
      expect(fs.readdirSync(target)).toEqual([])
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true })
      fs.rmSync(target, { recursive: true, force: true })
    }
  })
})

describe('the PostgreSQL tools a backup and a restore run', () => {
  it('are given the database address without its password, which goes in their environment (PGPASSWORD)', () => {
    const PASSWORD = 'pw/with:odd@signs'
    const databaseUrl = `postgres://site:${encodeURIComponent(PASSWORD)}@127.0.0.1:5432/site`
    for (const program of ['pg_dump', 'pg_restore']) {
      const call = postgresToolCall(program, ['--no-owner'], databaseUrl)
      for (const arg of call.args) {
        expect(arg).not.toContain(PASSWORD)
        expect(arg).not.toContain(encodeURIComponent(PASSWORD))
      }
      expect(call.args).toContain('postgres://site@127.0.0.1:5432/site')
      expect(call.env.PGPASSWORD).toBe(PASSWORD)
    }
  })
})

describe('a backup of a PostgreSQL site restores every row and file into an empty database', () => {
  let postgres: TempPostgres
  const backupDir = path.join(TEMP_ROOT, 'site-backups-6')
  beforeAll(async () => {
    postgres = await startTempPostgres()
  })
  afterAll(() => {
    postgres?.stop()
    fs.rmSync(backupDir, { recursive: true, force: true })
  })

  async function onServer(sql: string) {
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  it('backs up with pg_dump, restores with pg_restore after the database is dropped, and finds every row and file again', async () => {
    wipeDataDir()
    fs.mkdirSync(DATA_DIR, { recursive: true })
    await onServer('CREATE DATABASE site')
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/site')
    const env = { DATA_DIR, DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir }
    const { before } = await backUpFilledSite(databaseUrl, env)
    expect(fs.readdirSync(backupDir).some((name) => name.endsWith('.tar.gz'))).toBe(true)

    wipeDataDir()
    await onServer('DROP DATABASE site WITH (FORCE)')
    const output = await runScript('restore.mjs', [newestArchive(backupDir)], env)
    expect(output).toContain('Restored the backup')

    expect(await snapshotOfRestored(databaseUrl)).toEqual(before)
    await expect(restore({ archive: newestArchive(backupDir), dataDir: DATA_DIR, databaseUrl })).rejects.toThrow(
      /not empty.*tables in postgres:.*nothing was changed/s,
    )
  })

  it('refuses a forced restore whose dump pg_restore cannot read, before dropping anything', async () => {
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/site')
    const junkDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junk-'))
    const tables = async () => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows
      } finally {
        await client.end()
      }
    }
    const tablesBefore = await tables()
    const filesBefore = fileHashes(DATA_DIR)
    expect(tablesBefore.length).toBeGreaterThan(0)
    try {
      const junk = await archiveWithJunkDatabase(newestArchive(backupDir), junkDir)
      await expect(
        restore({ archive: junk, dataDir: DATA_DIR, databaseUrl, force: true, backupDir: junkDir }),
      ).rejects.toThrow(/database copy cannot be restored: pg_restore cannot read it.*nothing was changed/s)
      expect(await tables()).toEqual(tablesBefore)
      expect(fileHashes(DATA_DIR)).toEqual(filesBefore)
    } finally {
      fs.rmSync(junkDir, { recursive: true, force: true })
    }
  })
})
