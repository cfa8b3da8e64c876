// `npm run backup` on a site whose uploads live in S3: it backs up the database and the rest of
// the data folder, says the uploads are left to the store, and does not fail.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveDate, MANIFEST_NAME } from '../../scripts/lib/backup.mjs'
import { startTestPayload } from '../support/payload'

const ROOT = path.resolve(__dirname, '../..')
/** Longest a backup of an almost empty site may take before the test fails by its name. */
const BACKUP_TIMEOUT_MS = 60_000

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-s3-'))
const dataDir = path.join(temp, 'data')
const backupDir = path.join(temp, 'backups')

beforeAll(async () => {
  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true })
  fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true })
  const site = await startTestPayload(`file:${path.join(dataDir, 'site.db')}`)
  await site.cleanup()
  // A file left in the media folder from before the move to S3, and a message in the outbox.
  fs.writeFileSync(path.join(dataDir, 'media', 'left-behind.png'), 'not what the site serves')
  fs.writeFileSync(path.join(dataDir, 'outbox', 'message.eml'), 'Subject: kept\r\n\r\nkept')
})
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

function runBackup(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/backup.mjs'],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: BACKUP_TIMEOUT_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    )
  })
}

describe('a backup with uploads in S3', () => {
  it('succeeds, says the uploads are left to the bucket, and archives the database and the outbox', async () => {
    const { code, output } = await runBackup({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BACKUP_DIR: backupDir,
      S3_BUCKET: 'site-uploads',
    })
    expect(code, output).toBe(0)
    expect(output).toMatch(/Uploads and chat files are not in the archive: they live in s3:\/\/site-uploads\//)

    const archive = fs.readdirSync(backupDir).find((name) => archiveDate(name))
    expect(archive).toBeTruthy()
    const unpacked = path.join(temp, 'unpacked')
    fs.mkdirSync(unpacked)
    await new Promise<void>((resolve, reject) =>
      execFile('tar', ['-xzf', path.join(backupDir, archive!), '-C', unpacked], (error) =>
        error ? reject(error) : resolve(),
      ),
    )
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST_NAME), 'utf8'))
    expect(manifest.uploads).toEqual({
      store: 's3',
      bucket: 'site-uploads',
      folders: ['media', 'chat-files'],
      inArchive: false,
    })
    const paths = manifest.files.map((file: { path: string }) => file.path)
    expect(paths).toContain('outbox/message.eml')
    expect(paths).not.toContain('media/left-behind.png')
    expect(manifest.database.tables.media).toBe(0)
  })
})
