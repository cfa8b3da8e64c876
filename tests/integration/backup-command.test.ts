// The backup command as a process (`npm run backup`): what it writes before its archive is whole,
// what it leaves when it cannot finish or is stopped, and its schedule.
import { execFile, spawn } from 'node:child_process'
import { createClient } from '@libsql/client'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveDate, MANIFEST_NAME } from '../../scripts/lib/backup.mjs'
import { pidWrittenIn } from '../../deploy/lib/processes.mjs'
import { COMMAND_TIMEOUT_MS, newestArchive, ROOT, runScript, suiteTempRoot } from '../support/backupArchives'
import { startTestPayload } from '../support/payload'

const TEMP_ROOT = suiteTempRoot('backup-command')

describe('what a backup writes before its archive is whole', () => {
  const root = path.join(TEMP_ROOT, 'private-staging-11')
  const dataDir = path.join(root, 'data')
  const backupDir = path.join(root, 'backups')
  const recordingBin = path.join(root, 'bin')
  const record = path.join(root, 'modes.txt')
  beforeAll(async () => {
    for (const dir of [path.join(dataDir, 'media'), recordingBin]) fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'media', 'deed.png'), 'an upload')
    const database = createClient({ url: `file:${path.join(dataDir, 'site.db')}` })
    try {
      await database.execute('CREATE TABLE pages (title TEXT)')
    } finally {
      database.close()
    }
    // Stands before the real tar (-czf FILE -C STAGING …): writes down the mode of all it is given, then packs it.
    const realTar = await new Promise<string>((resolve, reject) =>
      execFile('sh', ['-c', 'command -v tar'], (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
    )
    fs.writeFileSync(
      path.join(recordingBin, 'tar'),
      [
        '#!/bin/sh',
        `find "$4" -printf '%m %P\\n' > '${record}'`,
        `stat -c '%a partial' "$2" >> '${record}'`,
        `exec ${realTar} "$@"`,
        '',
      ].join('\n'),
    )
    fs.chmodSync(path.join(recordingBin, 'tar'), 0o755)
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it('makes its staging files 0600, its folders 0700 and its partial archive 0600 from the start, whatever the umask', async () => {
    // umask 000: a file made without its own mode would be 0666, a folder 0777.
    await new Promise<void>((resolve, reject) =>
      execFile(
        'sh',
        ['-c', 'umask 000 && exec "$0" scripts/backup.mjs', process.execPath],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            BACKUP_DIR: backupDir,
            PATH: `${recordingBin}${path.delimiter}${process.env.PATH}`,
          },
          timeout: COMMAND_TIMEOUT_MS,
        },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve()),
      ),
    )
    const modes = fs
      .readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string])
    const names = modes.map(([, name]) => name)
    for (const name of ['', MANIFEST_NAME, 'database', 'database/site.db', 'data/media/deed.png', 'partial'])
      expect(names).toContain(name)
    const folders = new Set(['', 'database', 'data', 'data/media'])
    for (const [mode, name] of modes) expect([name, mode]).toEqual([name, folders.has(name) ? '700' : '600'])
    expect(fs.statSync(newestArchive(backupDir)).mode & 0o777).toBe(0o600)
  })
})

describe('a backup that cannot finish its archive', () => {
  const backupDir = path.join(TEMP_ROOT, 'site-backups-8')
  const dataDir = path.join(TEMP_ROOT, 'site-data-9')
  const fakeBin = path.join(TEMP_ROOT, 'fake-tar-bin')
  const tarPidFile = path.join(TEMP_ROOT, 'fake-tar.pid')
  const WAIT_MS = 20_000
  beforeAll(async () => {
    for (const dir of [dataDir, fakeBin]) fs.mkdirSync(dir, { recursive: true })
    const database = createClient({ url: `file:${path.join(dataDir, 'site.db')}` })
    try {
      await database.execute('CREATE TABLE pages (title TEXT)')
    } finally {
      database.close()
    }
    // Stands in for tar: starts the archive it is asked for (-czf FILE), then fails as a full disk would, or hangs.
    // Its pid file appears whole, once the archive is there: the test takes the pid file to mean both.
    const fakeTar = path.join(fakeBin, 'tar')
    fs.writeFileSync(
      fakeTar,
      [
        '#!/bin/sh',
        'echo "half an archive" > "$2"',
        `echo "$$" > '${tarPidFile}.new' && mv '${tarPidFile}.new' '${tarPidFile}'`,
        'if [ "$FAKE_TAR_HANGS" = 1 ]; then exec sleep 60; fi',
        'echo "tar: No space left on device" >&2',
        'exit 2',
        '',
      ].join('\n'),
    )
    fs.chmodSync(fakeTar, 0o755)
  })
  afterAll(() => {
    for (const dir of [backupDir, dataDir, fakeBin]) fs.rmSync(dir, { recursive: true, force: true })
  })
  const env = (hangs: boolean) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BACKUP_DIR: backupDir,
    PATH: `${fakeBin}${path.delimiter}${process.env.PATH}`,
    FAKE_TAR_HANGS: hangs ? '1' : '0',
  })
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }

  it('leaves no partial archive in the backup folder when tar fails', async () => {
    fs.rmSync(backupDir, { recursive: true, force: true })
    await expect(runScript('backup.mjs', [], env(false))).rejects.toThrow(/tar failed: tar: No space left on device/)
    expect(fs.readdirSync(backupDir)).toEqual([])
  })

  it('removes its staging folder and partial archive, stops tar and exits non-zero when stopped with SIGTERM', async () => {
    fs.rmSync(backupDir, { recursive: true, force: true })
    fs.rmSync(tarPidFile, { force: true })
    const run = spawn(process.execPath, ['scripts/backup.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ...env(true) },
      stdio: 'ignore',
    })
    const exited = new Promise<number | null>((resolve) => run.once('exit', (code) => resolve(code)))
    const deadline = Date.now() + WAIT_MS
    while (!pidWrittenIn(tarPidFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const tarPid = pidWrittenIn(tarPidFile)
    // 0 or less would make the clean-up's kill below reach this test's own process group.
    expect(tarPid, 'the stand-in tar’s pid').toBeGreaterThan(1)
    expect(fs.readdirSync(backupDir).some((name) => name.endsWith('.partial'))).toBe(true)

    run.kill('SIGTERM')
    expect(await exited).not.toBe(0)
    expect(fs.readdirSync(backupDir)).toEqual([])
    while (isRunning(tarPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const stillRunning = isRunning(tarPid)
    if (stillRunning) process.kill(tarPid, 'SIGKILL')
    expect(stillRunning, 'tar still runs').toBe(false)
  })
})

describe('the backup schedule', () => {
  const backupDir = path.join(TEMP_ROOT, 'site-backups-4')
  const dataDir = path.join(TEMP_ROOT, 'site-data-5')
  const SCHEDULE_HOURS = 2 / 3600
  const WAIT_FOR_TWO_MS = 20_000
  afterAll(() => {
    for (const dir of [backupDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('backs up at once when there is no archive, then again each interval, until it is stopped', async () => {
    for (const dir of [backupDir, dataDir]) fs.mkdirSync(dir, { recursive: true })
    const site = await startTestPayload(`file:${path.join(dataDir, 'site.db')}`)
    await site.cleanup()
    const schedule = spawn(process.execPath, ['scripts/backup.mjs', '--every', String(SCHEDULE_HOURS)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_DIR: backupDir },
      stdio: 'ignore',
    })
    const exited = new Promise((resolve) => schedule.once('exit', resolve))
    try {
      // Retention keeps the newest of a day alone: each archive is seen as it comes, the one before then deleted.
      const seen = new Set<string>()
      const archives = () => {
        for (const name of fs.readdirSync(backupDir)) if (archiveDate(name)) seen.add(name)
        return [...seen].sort()
      }
      const deadline = Date.now() + WAIT_FOR_TWO_MS
      while (archives().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
      expect(archives().length, `archives after ${WAIT_FOR_TWO_MS / 1000} s`).toBeGreaterThanOrEqual(2)
      const [first, second] = archives().map((name) => archiveDate(name)!.getTime())
      expect(second - first).toBeGreaterThanOrEqual(SCHEDULE_HOURS * 3600 * 1000 - 1000)
    } finally {
      schedule.kill('SIGTERM')
      await exited
    }
  })
})
