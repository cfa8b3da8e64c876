// A site restored anywhere: its backup encrypted and copied to S3, then brought onto a new site set
// up from nothing, with its rows, files, secrets and signed-in admin.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BEFORE_RESTORE } from '../../scripts/lib/backup.mjs'
import { offsiteCopiesFrom } from '../../scripts/lib/backupOffsite.mjs'
import { offsiteCheck } from '@/operations/doctor/backups'
import { ensureFirstAdmin, handOverFirstAdmin } from '@/setup/firstAdmin'
import { ageKeyIn, COMMAND_TIMEOUT_MS, ROOT, suiteTempRoot } from '../support/backupArchives'
import { filledSiteSuite, OWNER } from '../support/backupFilledSite'
import { migratedSqliteTemplate, startTestPayload } from '../support/payload'
import { freePort } from '../support/ports'
import { S3RVER_CREDENTIALS, startTempS3, type TempS3 } from '../support/s3'

// The site's folders (uploads, chat files, outbox) are fixed when its modules load: this suite gets its own.
const DATA_DIR = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.DATA_DIR}-backup-anywhere`
  return process.env.DATA_DIR
})

const TEMP_ROOT = suiteTempRoot('backup-restore-anywhere')
const { snapshotOf, wipeDataDir, backUpFilledSite } = filledSiteSuite(DATA_DIR)

/** Runs `node scripts/<script>` with `input` on its standard input; resolves with its output and exit code. */
function runScriptWithInput(script: string, args: string[], env: Record<string, string>, input: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join('scripts', script), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) =>
        error && typeof error.code !== 'number'
          ? reject(error)
          : resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    )
    child.stdin!.end(input)
  })
}

/** The value of `name` in a settings file. */
const settingOf = (file: string, name: string) =>
  new RegExp(`^${name}=(.*)$`, 'm').exec(fs.readFileSync(file, 'utf8'))?.[1]

describe('a site restored anywhere: encrypted, copied to S3, brought onto a new site set up from nothing', () => {
  const root = path.join(TEMP_ROOT, 'anywhere-12')
  const databaseUrl = `file:${path.join(DATA_DIR, 'site.db')}`
  const BUCKET = 'site-backups'
  let s3: TempS3
  let key: Awaited<ReturnType<typeof ageKeyIn>>
  /** The off-site store's settings, but its bucket: a restore reads that from the s3:// address. */
  let storeEnv: Record<string, string>
  beforeAll(async () => {
    s3 = await startTempS3({ port: await freePort(), bucket: BUCKET })
    key = await ageKeyIn(path.join(root, 'operator'), 'backup-key.txt')
    storeEnv = {
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }
  })
  afterAll(async () => {
    await s3?.stop()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('restores site A’s S3 copy over site B’s first start with --force: A’s rows, files, secrets, and its admin signed in', async () => {
    // Site A: its settings as `npm start` writes them, the secret its sessions are signed with.
    const siteA = path.join(root, 'a')
    const envA = path.join(siteA, '.env')
    fs.mkdirSync(siteA, { recursive: true })
    fs.writeFileSync(envA, `PAYLOAD_SECRET=${process.env.PAYLOAD_SECRET}\nSERVER_URL=http://localhost:3000\n`, {
      mode: 0o600,
    })
    wipeDataDir()
    fs.mkdirSync(DATA_DIR, { recursive: true })
    // Migrated already, as a copy of the suites' template: what is checked here starts after.
    fs.copyFileSync(await migratedSqliteTemplate(), path.join(DATA_DIR, 'site.db'))
    const backupDirA = path.join(siteA, 'backups')
    const envOfA = {
      DATA_DIR,
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: backupDirA,
      BACKUP_AGE_RECIPIENT: key.recipient,
      BACKUP_S3_BUCKET: BUCKET,
      ...storeEnv,
    }
    const { before, token, output } = await backUpFilledSite(databaseUrl, envOfA, ['--secrets', envA])
    const [name] = fs.readdirSync(backupDirA)
    expect(name).toMatch(/\.tar\.gz\.age$/)
    expect(output).toContain(`Copied to s3://${BUCKET}/${name}`)
    expect(output).not.toContain(key.recipient.slice(4))
    const offsite = offsiteCopiesFrom(envOfA)
    expect(await offsiteCheck(backupDirA, offsite)).toMatchObject({
      status: 'ok',
      detail: `${name} is in s3://${BUCKET}/`,
    })

    // A's machine is lost; B is a new site in a new folder, set up as its first start does (migrated,
    // its own first admin and secret; the seed's pages, 10 s to make, would be more rows replaced alike).
    wipeDataDir()
    fs.rmSync(siteA, { recursive: true })
    const siteB = path.join(root, 'b')
    const envB = path.join(siteB, '.env')
    fs.mkdirSync(DATA_DIR, { recursive: true })
    fs.mkdirSync(siteB)
    fs.writeFileSync(envB, 'PAYLOAD_SECRET=site-b-own-secret\nSERVER_URL=http://localhost:3000\n', { mode: 0o600 })
    fs.copyFileSync(await migratedSqliteTemplate(), path.join(DATA_DIR, 'site.db'))
    const firstStart = await startTestPayload(databaseUrl)
    try {
      const admin = await ensureFirstAdmin(firstStart.payload)
      expect(admin?.email).not.toBe(OWNER.email)
      handOverFirstAdmin(admin!, { toTerminal: false })
    } finally {
      await firstStart.cleanup()
    }

    const backupDirB = path.join(siteB, 'backups')
    const envOfB = { DATA_DIR, DATABASE_URL: databaseUrl, BACKUP_DIR: backupDirB, ...storeEnv }
    const args = [`s3://${BUCKET}/${name}`, '--force', '--identity', '-', '--secrets', envB]
    const restored = await runScriptWithInput('restore.mjs', args, envOfB, key.identity)
    expect(restored.code, restored.output).toBe(0)
    expect(restored.output).toContain(`Downloaded s3://${BUCKET}/${name} into ${path.join(backupDirB, name)}`)
    expect(restored.output).toMatch(
      new RegExp(`What the target held before is kept in ${backupDirB}/site-${BEFORE_RESTORE}-`),
    )
    expect(restored.output).toContain(`Settings from the backup in ${envB}: PAYLOAD_SECRET`)
    expect(restored.output).not.toContain(key.identity)
    expect(settingOf(envB, 'PAYLOAD_SECRET')).toBe(process.env.PAYLOAD_SECRET)

    // B started on its settings file's secret, as `npm start` would.
    const secretBefore = process.env.PAYLOAD_SECRET
    process.env.PAYLOAD_SECRET = settingOf(envB, 'PAYLOAD_SECRET')
    const siteBPayload = await startTestPayload(databaseUrl)
    try {
      expect(await snapshotOf(siteBPayload.payload)).toEqual(before)
      const signedIn = await siteBPayload.payload.login({ collection: 'users', data: OWNER })
      expect(signedIn.user?.email).toBe(OWNER.email)
      const session = await siteBPayload.payload.auth({ headers: new Headers({ Authorization: `JWT ${token}` }) })
      expect(session.user?.email, 'A’s session goes on on B').toBe(OWNER.email)
    } finally {
      await siteBPayload.cleanup()
      process.env.PAYLOAD_SECRET = secretBefore
    }
  })
})
