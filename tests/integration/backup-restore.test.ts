import { execFile, spawn } from 'node:child_process'
import { createClient } from '@libsql/client'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import type { Payload } from 'payload'
import { generateIdentity, identityToRecipient } from 'age-encryption'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONTACT_QUEUE } from '@/contact/delivery/constants'
import { acceptSubmission } from '@/contact/server/submit'
import { OUTBOX_DIR } from '@/platform/mailTransport'
import { MEDIA_DIR } from '@/platform/paths'
import { CHAT_FILES_DIR } from '@/chat/collections/ChatFiles'
import {
  archiveDate,
  archiveName,
  backup,
  BEFORE_RESTORE,
  MANIFEST_NAME,
  postgresToolCall,
  restore,
  SECRETS_COPY,
  unpackArchive,
} from '../../scripts/lib/backup.mjs'
import { encryptInto } from '../../scripts/lib/backupEncryption.mjs'
import { createContactForm, validFields } from '../support/contact'
import { migratedSqliteTemplate, startTestPayload } from '../support/payload'
import { freePort } from '../support/ports'
import { startTempPostgres, type TempPostgres } from '../support/postgres'
import { S3RVER_CREDENTIALS, startTempS3, type TempS3 } from '../support/s3'
import { offsiteCopiesFrom } from '../../scripts/lib/backupOffsite.mjs'
import { offsiteCheck } from '@/operations/doctor/backups'
import { ensureFirstAdmin, handOverFirstAdmin } from '@/setup/firstAdmin'
import { pidWrittenIn } from '../../deploy/lib/processes.mjs'

// The site's folders (uploads, chat files, outbox) are fixed when its modules load: this suite gets its own.
const DATA_DIR = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.DATA_DIR}-backup`
  return process.env.DATA_DIR
})

const ROOT = path.resolve(__dirname, '../..')
/** Every folder the suites make (archives, other sites), removed at the end; made only by the tests that run. */
const TEMP_ROOT = path.join(os.tmpdir(), `backup-restore-${process.pid}`)
const COMMAND_TIMEOUT_MS = 60_000
const COLLECTIONS = [
  'pages',
  'media',
  'forms',
  'form-submissions',
  'chat-conversations',
  'chat-events',
  'chat-files',
  'users',
] as const
/** The admin the filled site has, who signs in again on the site it is restored onto. */
const OWNER = { email: 'owner@example.com', password: 'a-long-test-password' }
const SUBMISSION_MARKER = 'Parcel 77-BACKUP on Elm Street'
const CHAT_MARKER = 'Is the lien on parcel 77 released?'

/** Runs `node scripts/<script>` as `npm run` would, failing with its output when it fails or takes too long. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join('scripts', script), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${script} failed: ${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
    )
  })
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** Every file below `dir` (but the SQLite database, which is compared by its rows) with its hash. */
function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {}
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('site.db')) continue
    const full = path.join(entry.parentPath, entry.name)
    hashes[path.relative(dir, full)] = sha256(full)
  }
  return hashes
}

/** What a visitor and an editor leave behind: a page, an upload, a delivered contact message, a chat with a file. */
async function fillSite(payload: Payload) {
  await payload.create({
    collection: 'users',
    data: { ...OWNER, roles: ['admin'] },
  })
  await payload.create({
    collection: 'pages',
    data: {
      title: 'Liens',
      slug: 'liens',
      layout: [{ blockType: 'hero', heading: 'Liens' }],
      _status: 'published',
    } as never,
  })
  const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer()
  await payload.create({
    collection: 'media',
    data: { alt: 'A parcel map' },
    file: { data: image, mimetype: 'image/png', name: 'parcel-map.png', size: image.length },
  })
  const formId = await createContactForm(payload)
  const outcome = await acceptSubmission(payload, {
    formId,
    pairs: validFields({ message: `${SUBMISSION_MARKER}: we need a 40-year search by Friday, please.` }),
    honeypot: null,
    pageUrl: 'http://localhost:3000/contact',
    remoteIp: '127.0.0.1',
  })
  expect(outcome.ok).toBe(true)
  // Without SMTP_URL the delivery writes the message to the outbox.
  await payload.jobs.run({ queue: CONTACT_QUEUE })

  const conversation = await payload.create({
    collection: 'chat-conversations',
    data: { visitorTokenHash: 'a'.repeat(64), name: 'Fay', email: 'fay@example.com', status: 'chatting' } as never,
  })
  await payload.create({
    collection: 'chat-events',
    data: {
      conversation: conversation.id,
      type: 'message',
      authorType: 'customer',
      authorName: 'Fay',
      text: CHAT_MARKER,
    },
  })
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
  const file = await payload.create({
    collection: 'chat-files',
    data: { conversation: conversation.id },
    file: { data: png, mimetype: 'image/png', name: 'deed.png', size: png.length },
  })
  await payload.create({
    collection: 'chat-events',
    data: { conversation: conversation.id, type: 'file', authorType: 'customer', authorName: 'Fay', file: file.id },
  })
}

/** Rows per collection, the contact message and the chat message, and every file with its hash. */
async function snapshotOf(payload: Payload) {
  const counts: Record<string, number> = {}
  for (const collection of COLLECTIONS) counts[collection] = (await payload.count({ collection })).totalDocs
  const submissions = await payload.find({ collection: 'form-submissions', depth: 0, limit: 0 })
  const events = await payload.find({ collection: 'chat-events', where: { text: { equals: CHAT_MARKER } }, depth: 0 })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return {
    counts,
    submissionSummaries: submissions.docs.map((doc) => JSON.stringify(doc.data)),
    chatMessages: events.docs.map((doc) => doc.text),
    businessName: settings.business?.name,
    files: fileHashes(DATA_DIR),
  }
}

function expectEveryPartPresent(snapshot: Awaited<ReturnType<typeof snapshotOf>>) {
  for (const collection of COLLECTIONS) expect(snapshot.counts[collection], collection).toBeGreaterThan(0)
  expect(snapshot.submissionSummaries.join()).toContain(SUBMISSION_MARKER)
  expect(snapshot.chatMessages).toEqual([CHAT_MARKER])
  const folders = Object.keys(snapshot.files).map(
    (file) => path.relative(DATA_DIR, path.join(DATA_DIR, file)).split(path.sep)[0],
  )
  for (const folder of [MEDIA_DIR, CHAT_FILES_DIR, OUTBOX_DIR].map((dir) => path.basename(dir))) {
    expect(folders, `files in ${folder}/`).toContain(folder)
  }
}

const newestArchive = (dir: string) =>
  path.join(
    dir,
    fs
      .readdirSync(dir)
      .filter((name) => archiveDate(name))
      .sort()
      .at(-1)!,
  )

const tar = (args: string[]) =>
  new Promise<void>((resolve, reject) => execFile('tar', args, (error) => (error ? reject(error) : resolve())))

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

function wipeDataDir() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true })
}

beforeAll(wipeDataDir)
afterAll(() => {
  wipeDataDir()
  fs.rmSync(TEMP_ROOT, { recursive: true, force: true })
})

/**
 * Fills a site on `databaseUrl` with every part a backup holds, checks they are all there, signs
 * its admin in, and backs it up (`npm run backup -- args`) while the site holds the database open,
 * as on a running server; returns what it held, the admin's session token and the backup's output.
 */
async function backUpFilledSite(databaseUrl: string, env: Record<string, string>, args: string[] = []) {
  const site = await startTestPayload(databaseUrl)
  try {
    await fillSite(site.payload)
    const before = await snapshotOf(site.payload)
    expectEveryPartPresent(before)
    const { token } = await site.payload.login({ collection: 'users', data: OWNER })
    const output = await runScript('backup.mjs', args, env)
    return { before, token: token!, output }
  } finally {
    await site.cleanup()
  }
}

/** What a site started on the restored `databaseUrl` holds. */
async function snapshotOfRestored(databaseUrl: string) {
  const restored = await startTestPayload(databaseUrl)
  try {
    return await snapshotOf(restored.payload)
  } finally {
    await restored.cleanup()
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
  let before: Awaited<ReturnType<typeof snapshotOf>>
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

describe('an archive holding more than its manifest lists is refused whole, and the site is left as it was', () => {
  const root = path.join(TEMP_ROOT, 'tampered-10')
  const sourceData = path.join(root, 'source', 'data')
  const siteData = path.join(root, 'site', 'data')
  const backupDir = path.join(root, 'backups')
  const keptDir = path.join(root, 'kept')
  /** The secrets a tampered archive points at, as /etc/site/site.env on a server. */
  const secretsFile = path.join(root, 'site.env')
  const UPLOAD = 'parcel-map.png'
  let archive: string
  let key: Awaited<ReturnType<typeof ageKeyIn>>

  /** A folder holding a SQLite database with one table and one upload. */
  async function makeSite(dataDir: string, table: string) {
    fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'media', UPLOAD), `an upload of the ${table} site`)
    const database = createClient({ url: `file:${path.join(dataDir, 'site.db')}` })
    try {
      await database.execute(`CREATE TABLE ${table} (note TEXT)`)
      await database.execute(`INSERT INTO ${table} VALUES ('a row')`)
    } finally {
      database.close()
    }
  }

  beforeAll(async () => {
    await makeSite(sourceData, 'backed_up')
    await makeSite(siteData, 'current')
    fs.writeFileSync(secretsFile, 'PAYLOAD_SECRET=never-served\n')
    archive = (await backup({ dataDir: sourceData, backupDir, envFile: path.join(root, 'no.env') })).archive
    key = await ageKeyIn(root, 'key.txt')
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  /** The backup unpacked, changed by `change`, and packed again by tar with `extra` arguments (-P keeps `/` and `..`). */
  async function tampered(name: string, change: (unpacked: string) => void | Promise<void>, extra: string[] = []) {
    const unpacked = fs.mkdtempSync(path.join(root, 'unpacked-'))
    try {
      await tar(['-xzf', archive, '-C', unpacked])
      await change(unpacked)
      const out = path.join(root, `${name}.tar.gz`)
      await tar(['-czPf', out, '-C', unpacked, '.', ...extra])
      return out
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true })
    }
  }

  /** `plain` encrypted for the suite's key, as a backup with BACKUP_AGE_RECIPIENT writes it. */
  async function encrypted(plain: string) {
    const out = `${plain}.age`
    await encryptInto(plain, () => fs.createWriteStream(out, { mode: 0o600 }), key.recipient)
    return out
  }

  const media = (unpacked: string, name: string) => path.join(unpacked, 'data', 'media', name)
  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      'a symbolic link (to the secrets)',
      () => tampered('symlink', (unpacked) => fs.symlinkSync(secretsFile, media(unpacked, 'evil.png'))),
      /data\/media\/evil\.png is a symbolic link \(to .*site\.env\)/,
    ],
    [
      'a symbolic link inside an encrypted archive',
      async () =>
        encrypted(
          await tampered('symlink-age', (unpacked) => fs.symlinkSync(secretsFile, media(unpacked, 'evil.png'))),
        ),
      /symlink-age\.tar\.gz\.age is refused: (\.\/)?data\/media\/evil\.png is a symbolic link \(to .*site\.env\)/,
    ],
    [
      'a hard link',
      () => tampered('hardlink', (unpacked) => fs.linkSync(media(unpacked, UPLOAD), media(unpacked, 'twin.png'))),
      /data\/media\/twin\.png is a hard link/,
    ],
    [
      'a FIFO',
      () =>
        tampered(
          'fifo',
          (unpacked) =>
            new Promise<void>((resolve, reject) =>
              execFile('mkfifo', [media(unpacked, 'pipe.png')], (error) => (error ? reject(error) : resolve())),
            ),
        ),
      /data\/media\/pipe\.png is a FIFO/,
    ],
    [
      'a file its manifest does not list',
      () => tampered('extra', (unpacked) => fs.writeFileSync(media(unpacked, 'extra.png'), 'not backed up')),
      /data\/media\/extra\.png is not in its manifest/,
    ],
    [
      'a ../ path',
      () =>
        tampered('dotdot', (unpacked) => fs.writeFileSync(media(unpacked, 'up.png'), 'out'), [
          '--transform=s,^\\./data/media/up\\.png$,../up.png,',
        ]),
      /"?\.\.\/up\.png"? has a path leading out of the folder it is unpacked in/,
    ],
    [
      'an absolute path',
      () => tampered('absolute', () => undefined, [secretsFile]),
      new RegExp(`${secretsFile.replace(/[.]/g, '\\.')} has an absolute path`),
    ],
  ]

  it.each(cases)('refuses %s, naming the entry, and changes nothing', async (_what, make, message) => {
    const bad = await make()
    const filesBefore = fileHashes(siteData)
    const databaseBefore = sha256(path.join(siteData, 'site.db'))
    const besideBefore = fs.readdirSync(path.dirname(siteData))
    const databaseUrl = `file:${path.join(siteData, 'site.db')}`
    const refusal = restore({
      archive: bad,
      dataDir: siteData,
      databaseUrl,
      force: true,
      backupDir: keptDir,
      identityFile: key.identityFile,
    })
    await expect(refusal).rejects.toThrow(message)
    await expect(refusal).rejects.toThrow(/only the regular files its manifest lists.*nothing was changed/s)
    expect(fileHashes(siteData)).toEqual(filesBefore)
    expect(sha256(path.join(siteData, 'site.db'))).toBe(databaseBefore)
    expect(fs.readdirSync(path.dirname(siteData)), 'no staging folder left').toEqual(besideBefore)
    expect(fs.existsSync(keptDir), 'no copy kept: nothing was replaced').toBe(false)
  })

  it('refuses a manifest that lists a path leading out of the data folder', async () => {
    const bad = await tampered('manifest-dotdot', (unpacked) => {
      const manifestFile = path.join(unpacked, MANIFEST_NAME)
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
      manifest.files.push({ ...manifest.files[0], path: '../escaped.png' })
      fs.writeFileSync(manifestFile, JSON.stringify(manifest))
    })
    const target = path.join(root, 'empty-target', 'data')
    await expect(
      restore({ archive: bad, dataDir: target, databaseUrl: `file:${path.join(target, 'site.db')}` }),
    ).rejects.toThrow(/manifest listing data\/\.\.\/escaped\.png.*nothing was changed/s)
    expect(fs.existsSync(target)).toBe(false)
  })

  it('restores the untampered archive: the upload as the site makes its files, the database its owner’s alone', async () => {
    const target = path.join(root, 'restored', 'data')
    const result = await restore({ archive, dataDir: target, databaseUrl: `file:${path.join(target, 'site.db')}` })
    expect(result.tables).toEqual({ backed_up: 1 })
    const upload = path.join(target, 'media', UPLOAD)
    expect(fs.readFileSync(upload, 'utf8')).toBe('an upload of the backed_up site')
    expect(fs.statSync(upload).mode & 0o777).toBe(0o666 & ~process.umask())
    expect(fs.statSync(path.join(target, 'site.db')).mode & 0o777).toBe(0o600)
  })

  it('unpacks into files of 0600 and folders of 0700 from the start, whatever the umask', async () => {
    const staging = fs.mkdtempSync(path.join(root, 'staging-'))
    const umask = process.umask(0)
    try {
      await unpackArchive(archive, staging)
    } finally {
      process.umask(umask)
    }
    const modes = fs.readdirSync(staging, { recursive: true, withFileTypes: true }).map((entry) => {
      const full = path.join(entry.parentPath, entry.name)
      return [path.relative(staging, full), fs.lstatSync(full).mode & 0o777]
    })
    expect(modes.length).toBeGreaterThan(3)
    for (const [name, mode] of modes) {
      const isFolder = fs.lstatSync(path.join(staging, name as string)).isDirectory()
      expect([name, mode]).toEqual([name, isFolder ? 0o700 : 0o600])
    }
  })
})

/** A new age key pair: the private key in a file of `dir` (0600), and the public key. */
async function ageKeyIn(dir: string, name: string) {
  const identity = await generateIdentity()
  const identityFile = path.join(dir, name)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(identityFile, `# a test key\n${identity}\n`, { mode: 0o600 })
  return { identity, identityFile, recipient: await identityToRecipient(identity) }
}

describe('the archive and its secrets', () => {
  const root = path.join(TEMP_ROOT, 'site-secrets-3')
  const backupDir = path.join(root, 'backups')
  const sourceData = path.join(root, 'source', 'data')
  const envFile = path.join(root, 'source', '.env')
  const SECRET = 'a-secret-that-must-stay-apart'
  let key: Awaited<ReturnType<typeof ageKeyIn>>
  let otherKey: Awaited<ReturnType<typeof ageKeyIn>>
  let encrypted: Awaited<ReturnType<typeof backup>>
  beforeAll(async () => {
    fs.mkdirSync(path.join(sourceData, 'media'), { recursive: true })
    fs.writeFileSync(path.join(sourceData, 'media', 'deed.png'), 'an upload')
    const database = createClient({ url: `file:${path.join(sourceData, 'site.db')}` })
    try {
      await database.execute('CREATE TABLE pages (title TEXT)')
    } finally {
      database.close()
    }
    fs.writeFileSync(envFile, `PAYLOAD_SECRET=${SECRET}\nDATA_DIR=${sourceData}\nSMTP_URL=smtp://mail.example.com\n`)
    key = await ageKeyIn(root, 'key.txt')
    otherKey = await ageKeyIn(root, 'other-key.txt')
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it('leaves a plain archive without the settings file, and writes nothing beside it', async () => {
    const result = await backup({ dataDir: sourceData, backupDir, envFile })
    expect(result).toMatchObject({ encrypted: false, settingsLeftOut: true })
    expect(result.manifest).not.toHaveProperty('secrets')
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(result.archive)])
    expect(gunzipSync(fs.readFileSync(result.archive)).includes(SECRET)).toBe(false)
    fs.rmSync(backupDir, { recursive: true })
  })

  it('encrypts the archive for the recipient with the settings file inside, and writes nothing beside it', async () => {
    encrypted = await backup({ dataDir: sourceData, backupDir, envFile, recipient: key.recipient })
    expect(path.basename(encrypted.archive)).toMatch(/^site-.*Z\.tar\.gz\.age$/)
    expect(archiveDate(path.basename(encrypted.archive)), 'a name retention and the doctor know').not.toBeNull()
    expect(encrypted.manifest.secrets).toMatchObject({ file: SECRETS_COPY, size: fs.statSync(envFile).size })
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(encrypted.archive)])
    expect(fs.statSync(encrypted.archive).mode & 0o777).toBe(0o600)
    const bytes = fs.readFileSync(encrypted.archive)
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    for (const plain of [SECRET, MANIFEST_NAME, 'deed.png']) expect(bytes.includes(plain), plain).toBe(false)
  })

  it('restores it with its private key, bringing its secrets into the target’s settings and keeping the target’s own places', async () => {
    const target = path.join(root, 'restored')
    const settingsFile = path.join(target, '.env')
    fs.mkdirSync(target, { recursive: true })
    const before = `PAYLOAD_SECRET=the-new-site-s-own\nDATA_DIR=${target}/data\n`
    fs.writeFileSync(settingsFile, before, { mode: 0o640 })
    const result = await restore({
      archive: encrypted.archive,
      dataDir: path.join(target, 'data'),
      databaseUrl: `file:${path.join(target, 'data', 'site.db')}`,
      identityFile: key.identityFile,
      settingsFile,
    })
    expect(result.files).toBe(1)
    expect(result.settings?.changed).toEqual(['PAYLOAD_SECRET', 'SMTP_URL'])
    const settings = fs.readFileSync(settingsFile, 'utf8')
    expect(settings).toContain(`PAYLOAD_SECRET=${SECRET}\n`)
    expect(settings).toContain(`DATA_DIR=${target}/data\n`)
    expect(settings).toContain('SMTP_URL=smtp://mail.example.com\n')
    expect(fs.statSync(settingsFile).mode & 0o777, 'the settings file keeps its mode').toBe(0o640)
    expect(fs.readFileSync(result.settings!.keptAs!, 'utf8')).toBe(before)
    expect(fs.statSync(result.settings!.keptAs!).mode & 0o777).toBe(0o600)
  })

  it('refuses another key, or none, in one line naming no key, and changes nothing', async () => {
    const target = path.join(root, 'not-restored')
    const settingsFile = path.join(root, 'not-restored.env')
    fs.writeFileSync(settingsFile, 'PAYLOAD_SECRET=kept\n')
    const attempt = (identityFile: string | null) =>
      restore({
        archive: encrypted.archive,
        dataDir: path.join(target, 'data'),
        databaseUrl: `file:${path.join(target, 'data', 'site.db')}`,
        identityFile,
        settingsFile,
      })
    const wrong = await attempt(otherKey.identityFile).catch((error: Error) => error)
    expect(wrong).toBeInstanceOf(Error)
    expect((wrong as Error).message).toBe(
      `${encrypted.archive} is encrypted for another key: the private key in ${otherKey.identityFile} does not open it (nothing was changed)`,
    )
    await expect(attempt(null)).rejects.toThrow(
      /is encrypted: give its private key with --identity FILE .* or BACKUP_AGE_IDENTITY_FILE \(nothing was changed\)$/,
    )
    fs.writeFileSync(path.join(root, 'not-a-key.txt'), 'AGE-SECRET-KEY-1-but-no-key\n')
    const malformed = await attempt(path.join(root, 'not-a-key.txt')).catch((error: Error) => error)
    expect((malformed as Error).message).toMatch(/not-a-key\.txt holds a line that is not an age private key/)
    for (const error of [wrong, malformed] as Error[]) {
      expect(error.message).not.toContain('\n')
      for (const secret of [key.identity, otherKey.identity, 'AGE-SECRET-KEY-1-but-no-key'])
        expect(error.message).not.toContain(secret)
    }
    expect(fs.readdirSync(target), 'no data folder, no staging folder').toEqual([])
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe('PAYLOAD_SECRET=kept\n')
  })
})

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
