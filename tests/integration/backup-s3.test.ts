// `npm run backup` and S3-compatible storage: on a site whose uploads live in S3, it backs up the
// database and the rest of the data folder, says the uploads are left to the store, and does not
// fail; with BACKUP_S3_BUCKET it copies each archive there (s3rver on loopback), a failed copy failing
// the backup with the archive kept, retention thinning the copies as it does the folder; the doctor
// asks the store for the newest archive's copy.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offsiteCheck } from '@/operations/doctor/backups'
import { archiveDate, archiveName, MANIFEST_NAME } from '../../scripts/lib/backup.mjs'
import { offsiteCopiesFrom, offsiteStoreFrom } from '../../scripts/lib/backupOffsite.mjs'
import { startTestPayload } from '../support/payload'
import { freePort } from '../support/ports'
import { S3RVER_CREDENTIALS, startTempS3, type TempS3 } from '../support/s3'

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

describe('the off-site copies (BACKUP_S3_BUCKET)', () => {
  const BUCKET = 'site-backups'
  const PREFIX = 'title-site'
  const offsiteDir = path.join(temp, 'offsite-backups')
  let s3: TempS3
  let env: Record<string, string>
  const store = () => offsiteStoreFrom(env)!
  const keysInBucket = async () =>
    ((await store().client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
      .map((object) => object.Key!)
      .sort()
  const localArchives = () => fs.readdirSync(offsiteDir).filter((name) => archiveDate(name))
  beforeAll(async () => {
    s3 = await startTempS3({ port: await freePort(), bucket: BUCKET })
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BACKUP_DIR: offsiteDir,
      BACKUP_S3_BUCKET: BUCKET,
      BACKUP_S3_PREFIX: PREFIX,
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }
  })
  afterAll(() => s3?.stop())

  it('copies each new archive, whole, into the bucket under its prefix, and the doctor finds the copy of the newest', async () => {
    const { code, output } = await runBackup(env)
    expect(code, output).toBe(0)
    const [name] = localArchives()
    expect(output).toContain(`> Copied to s3://${BUCKET}/${PREFIX}/${name}`)
    expect(await keysInBucket()).toEqual([`${PREFIX}/${name}`])
    const copy = await store().client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${name}` }))
    expect(Buffer.from(await copy.Body!.transformToByteArray())).toEqual(fs.readFileSync(path.join(offsiteDir, name)))
    expect(await offsiteCheck(offsiteDir, offsiteCopiesFrom(env))).toMatchObject({ status: 'ok' })

    await store().client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'elsewhere/unrelated.txt', Body: 'x' }))
    fs.writeFileSync(path.join(offsiteDir, archiveName('site', new Date(Date.now() + 60_000))), 'not copied')
    expect(await offsiteCheck(offsiteDir, offsiteCopiesFrom(env))).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`s3://${BUCKET}/${PREFIX}/ has no copy of`),
    })
  })

  it('thins the copies by retention as it does the backup folder, leaving other objects alone', async () => {
    for (const name of fs.readdirSync(offsiteDir)) fs.rmSync(path.join(offsiteDir, name))
    const older = archiveName('site', new Date(Date.now() - 2 * 24 * 60 * 60 * 1000))
    // A copy of a minute ago: made today, as this backup's, which retention keeps as the newest of the day.
    const earlier = `${PREFIX}/${archiveName('site', new Date(Date.now() - 60_000))}`
    await store().client.send(new PutObjectCommand({ Bucket: BUCKET, Key: earlier, Body: 'a copy of a minute ago' }))
    await store().client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${older}`, Body: 'an old copy' }))
    const { code, output } = await runBackup({
      ...env,
      BACKUP_KEEP_DAILY: '1',
      BACKUP_KEEP_WEEKLY: '0',
      BACKUP_KEEP_MONTHLY: '0',
    })
    expect(code, output).toBe(0)
    const [name] = localArchives()
    expect(output).toContain(`> Deleted s3://${BUCKET}/${PREFIX}/${older}.`)
    expect(await keysInBucket()).toEqual(['elsewhere/unrelated.txt', `${PREFIX}/${name}`])
    expect(output).toContain(`> Deleted s3://${BUCKET}/${earlier}.`)
  })

  it('fails, keeping the archive here, when the copy cannot be made, and says why', async () => {
    const closedPort = await freePort()
    // The folder is emptied first, so that the one archive found after is this backup's.
    for (const name of fs.readdirSync(offsiteDir)) fs.rmSync(path.join(offsiteDir, name))
    const { code, output } = await runBackup({ ...env, BACKUP_S3_ENDPOINT: `http://127.0.0.1:${closedPort}` })
    expect(code).toBe(1)
    const made = localArchives()
    expect(made).toHaveLength(1)
    expect(output).toMatch(
      new RegExp(
        `The backup failed: ${path.join(offsiteDir, made[0]).replace(/[.]/g, '\\.')} is made and kept here, but its off-site copy failed: copying ${made[0].replace(/[.]/g, '\\.')} in s3://${BUCKET}/${PREFIX}/ failed: .*ECONNREFUSED`,
      ),
    )
  })
})
