// Backups and restores of everything the business would miss: the database (a consistent copy
// taken while the site runs), uploads, chat files and the outbox, in one dated archive with a
// manifest to check a restore against; encrypted for BACKUP_AGE_RECIPIENT, it holds the settings
// file with the secrets too (backupEncryption.mjs), which an archive left plain never does.
// Plain Node (no TypeScript): `npm run backup` and `npm run restore` run it before anything is built.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { archiveName, backupDirFrom, BackupError, BEFORE_RESTORE, defaultBackupDirOf } from './backupArchives.mjs'
import { decryptInto, encryptInto, identitiesFrom, isEncrypted } from './backupEncryption.mjs'
import {
  DATABASE_FOLDER,
  FILES_FOLDER,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  POSTGRES_DUMP,
  PRIVATE_NEW_FILE,
  SECRETS_COPY,
  SECRETS_FOLDER,
  SQLITE_COPY,
  unpackArchive,
  verifyArchive,
} from './backupArchiveReading.mjs'
import { restoreSettings } from './backupSettings.mjs'
import { ROOT } from './bootstrap.mjs'

export { MANIFEST_FORMAT, MANIFEST_NAME, SECRETS_COPY, unpackArchive, verifyArchive } from './backupArchiveReading.mjs'
export {
  archiveDate,
  archiveName,
  archiveStamp,
  BackupError,
  BEFORE_RESTORE,
  isBeforeRestoreArchive,
} from './backupArchives.mjs'

/** The plain archive an encrypted one is made from, in the staging folder, and a decrypted one in a restore's. */
const PLAIN_ARCHIVE = 'archive.tar.gz'
/** Files of DATA_DIR that are not the business's data: the live database (copied its own way) and the first admin's password. */
const SQLITE_SIDE_FILES = ['', '-wal', '-shm', '-journal']
const SKIPPED_DATA_FILES = ['first-admin.txt']
/** The data folder's upload folders (the app's MEDIA_FOLDER and CHAT_FILES_FOLDER), which live in the bucket when S3 is set. */
const UPLOAD_FOLDERS = ['media', 'chat-files']
/** A restored data file's mode before the umask: what the site's own writes ask for. */
const SITE_FILE_MODE = 0o666

export const defaultBackupDir = () => defaultBackupDirOf(ROOT)

/** The folder `npm run backup` writes to and a forced restore keeps its copy in: `BACKUP_DIR`, else the default. */
export const backupDirFromEnv = () => backupDirFrom(process.env, ROOT)

// ---- the target: a data folder and a database -------------------------------------------------

const isPostgres = (databaseUrl) => /^postgres(ql)?:\/\//.test(databaseUrl ?? '')

/** The SQLite file the site uses: DATABASE_URL's `file:` path, or `site.db` in the data folder (src/platform/paths.ts). */
const sqliteFileOf = ({ dataDir, databaseUrl }) =>
  databaseUrl?.startsWith('file:') ? path.resolve(databaseUrl.slice('file:'.length)) : path.join(dataDir, 'site.db')

/** The database's address without its password, for what is printed and kept in the manifest. */
const describeDatabase = (target) => {
  if (!isPostgres(target.databaseUrl)) return `sqlite:${sqliteFileOf(target)}`
  const url = new URL(target.databaseUrl)
  url.password = ''
  return url.toString()
}

function postgresBin(program) {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  if (!versions.length) throw new BackupError(`${program} is missing: install Debian's postgresql-client`)
  return path.join(root, versions[0], 'bin', program)
}

/** The tools running and the half-made files of backups under way, for `abandonBackups` when the process is stopped. */
const underWay = { tools: new Set(), paths: new Set() }

/**
 * How to run a PostgreSQL tool on `databaseUrl`: `-d` the address without its password, which goes
 * in the tool's environment (PGPASSWORD), since any local user can read a command line in /proc.
 */
export function postgresToolCall(program, args, databaseUrl) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env
  return { command: postgresBin(program), args: ['-d', url.toString(), ...args], env }
}

/** Runs a tool without blocking, so that a signal to stop is heard while it runs; resolves with its output. */
function runTool({ command, args, env = process.env }, what) {
  return new Promise((resolve, reject) => {
    const tool = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    underWay.tools.add(tool)
    let stdout = ''
    let stderr = ''
    tool.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk))
    tool.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
    tool.once('error', (error) => {
      underWay.tools.delete(tool)
      reject(new BackupError(`${what}: ${error.message}`))
    })
    tool.once('close', (status, signal) => {
      underWay.tools.delete(tool)
      if (status === 0) resolve(stdout)
      else reject(new BackupError(`${what}: ${(stderr || stdout).trim() || `exit ${status ?? signal}`}`))
    })
  })
}

/**
 * Stops the tools of the backups under way and removes their staging folders and partial
 * archives, synchronously: for a process told to stop (SIGTERM from the stack's stop), which exits next.
 */
export function abandonBackups() {
  for (const tool of underWay.tools) tool.kill('SIGTERM')
  for (const file of underWay.paths) fs.rmSync(file, { recursive: true, force: true })
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`

async function sqliteCounts(file) {
  const client = createClient({ url: `file:${file}` })
  try {
    const tables = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    const counts = {}
    for (const { name } of tables.rows) {
      const result = await client.execute(`SELECT count(*) AS n FROM ${quoteIdent(String(name))}`)
      counts[String(name)] = Number(result.rows[0].n)
    }
    return counts
  } finally {
    client.close()
  }
}

async function postgresCounts(client) {
  const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
  const counts = {}
  for (const { tablename } of tables.rows) {
    const result = await client.query(`SELECT count(*)::int AS n FROM public.${quoteIdent(tablename)}`)
    counts[tablename] = result.rows[0].n
  }
  return counts
}

async function withPostgres(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

// ---- files ----------------------------------------------------------------------------------

/** Copies `from` into a new file `to`, created with `mode` (less the umask) before a byte is written. */
async function copyIntoNewFile(from, to, mode) {
  // The source is opened first: one gone (ENOENT) leaves no empty copy behind.
  const source = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  await pipeline(fs.createReadStream(null, { fd: source }), fs.createWriteStream(to, { flags: PRIVATE_NEW_FILE, mode }))
}

/** An empty file of this user's alone (0600), for a tool that writes into the file it is given. */
function createPrivateFile(file) {
  fs.closeSync(fs.openSync(file, PRIVATE_NEW_FILE, 0o600))
}

async function sha256Of(file) {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file), hash)
  return hash.digest('hex')
}

/** Every regular file below `dir`, as paths relative to it with `/`, sorted. */
function filesBelow(dir) {
  if (!fs.existsSync(dir)) return []
  const found = []
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) found.push(child)
    }
  }
  walk('')
  return found.sort()
}

async function describeFile(root, relative) {
  const file = path.join(root, relative)
  return { path: relative, size: fs.statSync(file).size, sha256: await sha256Of(file) }
}

/**
 * The data folder's files that belong in a backup (and that a restore finds a target to hold);
 * with `uploadsInBucket`, not the upload folders: the live files are in the bucket, and whatever
 * lies in those folders here is not what the site serves.
 */
function dataFilesOf(target, uploadsInBucket = null) {
  const skipped = new Set(SKIPPED_DATA_FILES)
  const sqliteFile = sqliteFileOf(target)
  if (!isPostgres(target.databaseUrl) && path.dirname(sqliteFile) === path.resolve(target.dataDir)) {
    for (const suffix of SQLITE_SIDE_FILES) skipped.add(`${path.basename(sqliteFile)}${suffix}`)
  }
  const inBucket = (file) => uploadsInBucket !== null && UPLOAD_FOLDERS.includes(file.split('/')[0])
  return filesBelow(target.dataDir).filter((file) => !skipped.has(file) && !inBucket(file))
}

/**
 * Where uploads live when `S3_BUCKET` is set (`{ bucket }`), else null (the data folder).
 * A backup then leaves them to the store, whose versioning or replication keeps them.
 */
export function uploadsBucketFrom(env = process.env) {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return null
  return { bucket }
}

// ---- backup ---------------------------------------------------------------------------------

async function copyDatabase(target, staging) {
  fs.mkdirSync(path.join(staging, DATABASE_FOLDER), { recursive: true, mode: 0o700 })
  if (isPostgres(target.databaseUrl)) {
    const file = path.join(staging, POSTGRES_DUMP)
    createPrivateFile(file)
    // The counts and the dump read one snapshot, so the manifest describes exactly what was dumped.
    const tables = await withPostgres(target.databaseUrl, async (client) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const { rows } = await client.query('SELECT pg_export_snapshot() AS snapshot')
      const counts = await postgresCounts(client)
      await runTool(
        postgresToolCall(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0].snapshot}`, '-f', file],
          target.databaseUrl,
        ),
        'pg_dump failed',
      )
      await client.query('COMMIT')
      return counts
    })
    return { kind: 'postgres', file: POSTGRES_DUMP, tables }
  }
  const source = sqliteFileOf(target)
  if (!fs.existsSync(source)) throw new BackupError(`there is no database at ${source}`)
  const copy = path.join(staging, SQLITE_COPY)
  // VACUUM INTO fills an empty file it is given, keeping its mode.
  createPrivateFile(copy)
  // SQLite's online copy: one read transaction, so writes by the running site neither block it nor tear it.
  const client = createClient({ url: `file:${source}` })
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [copy] })
  } finally {
    client.close()
  }
  return { kind: 'sqlite', file: SQLITE_COPY, tables: await sqliteCounts(copy) }
}

/**
 * Makes `<source>-<UTC time>.tar.gz` in `backupDir` (database first, then the files, so every
 * file a copied row names is there) and reads it back against its manifest. With `recipient` (an
 * age public key) it is `….tar.gz.age`, encrypted, and holds `envFile` (the settings with the
 * secrets) as well; a plain archive never holds them, and nothing is written beside it.
 */
export async function backup({
  dataDir,
  databaseUrl,
  backupDir = defaultBackupDir(),
  envFile = path.join(ROOT, '.env'),
  recipient = null,
  source = 'site',
  now = new Date(),
  uploadsInBucket = null,
}) {
  const target = { dataDir: path.resolve(dataDir), databaseUrl }
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 })
  const name = archiveName(source, now, { encrypted: Boolean(recipient) })
  const archive = path.join(backupDir, name)
  if (fs.existsSync(archive)) throw new BackupError(`${archive} exists already`)
  const staging = fs.mkdtempSync(path.join(backupDir, '.partial-'))
  const partial = `${archive}.partial`
  for (const file of [staging, partial]) underWay.paths.add(file)
  try {
    const database = await copyDatabase(target, staging)
    database.size = fs.statSync(path.join(staging, database.file)).size
    database.sha256 = await sha256Of(path.join(staging, database.file))

    const filesRoot = path.join(staging, FILES_FOLDER)
    const files = []
    for (const relative of dataFilesOf(target, uploadsInBucket)) {
      const copy = path.join(filesRoot, relative)
      fs.mkdirSync(path.dirname(copy), { recursive: true, mode: 0o700 })
      try {
        await copyIntoNewFile(path.join(target.dataDir, relative), copy, 0o600)
      } catch (error) {
        // A file deleted by the site since the listing (an old upload replaced) is simply not part of this backup.
        if (error?.code === 'ENOENT') continue
        throw error
      }
      files.push(await describeFile(filesRoot, relative))
    }
    fs.mkdirSync(filesRoot, { recursive: true, mode: 0o700 })

    const hasSettings = Boolean(envFile) && fs.existsSync(envFile)
    let secrets
    if (recipient && hasSettings) {
      fs.mkdirSync(path.join(staging, SECRETS_FOLDER), { mode: 0o700 })
      await copyIntoNewFile(envFile, path.join(staging, SECRETS_COPY), 0o600)
      secrets = { file: SECRETS_COPY, ...(await describeFile(staging, SECRETS_COPY)) }
      delete secrets.path
    }

    const manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      source,
      from: { dataDir: target.dataDir, database: describeDatabase(target) },
      database,
      files,
      // Uploads and chat files in S3 are not in the archive; the store keeps them (README, Backups).
      uploads: uploadsInBucket
        ? { store: 's3', bucket: uploadsInBucket.bucket, folders: UPLOAD_FOLDERS, inArchive: false }
        : { store: 'data folder', inArchive: true },
      ...(secrets ? { secrets } : {}),
    }
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: PRIVATE_NEW_FILE,
      mode: 0o600,
    })

    // An encrypted archive is made from a plain one that never leaves the staging folder.
    const plain = recipient ? path.join(staging, PLAIN_ARCHIVE) : partial
    // tar writes into the file it is given, which keeps the mode it was made with.
    createPrivateFile(plain)
    const members = [MANIFEST_NAME, DATABASE_FOLDER, FILES_FOLDER, ...(secrets ? [SECRETS_FOLDER] : [])]
    await runTool({ command: 'tar', args: ['-czf', plain, '-C', staging, ...members] }, 'tar failed')
    await verifyArchive(plain, name)
    if (recipient) {
      const expected = await encryptInto(
        plain,
        () => fs.createWriteStream(partial, { flags: PRIVATE_NEW_FILE, mode: 0o600 }),
        recipient,
      )
      const written = fs.statSync(partial).size
      if (written !== expected) throw new BackupError(`the encrypted ${name} has ${written} bytes, not ${expected}`)
    }
    fs.renameSync(partial, archive)
    return { archive, manifest, encrypted: Boolean(recipient), settingsLeftOut: !recipient && hasSettings }
  } finally {
    // A failed or stopped tar leaves a partial archive that no name of ours matches, so retention would never delete it.
    for (const file of [staging, partial]) {
      fs.rmSync(file, { recursive: true, force: true })
      underWay.paths.delete(file)
    }
  }
}

// ---- restore --------------------------------------------------------------------------------

/** What the target holds already: files in the data folder, tables in the database. */
async function contentsOf(target) {
  const files = filesBelow(target.dataDir)
  let tables = 0
  if (isPostgres(target.databaseUrl)) {
    tables = await withPostgres(target.databaseUrl, async (client) => {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")
      return rows[0].n
    })
  } else if (fs.existsSync(sqliteFileOf(target))) {
    tables = Object.keys(await sqliteCounts(sqliteFileOf(target))).length
  }
  return { files: files.length, tables }
}

async function emptyTarget(target) {
  // The data folder's own folders stay, emptied: their owner, group and mode (on a server, the
  // uploads folder the front reads, set-group-id) hold for what the restore puts back in them.
  for (const entry of fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir, { withFileTypes: true }) : []) {
    const full = path.join(target.dataDir, entry.name)
    if (!entry.isDirectory()) {
      fs.rmSync(full, { force: true })
      continue
    }
    for (const inner of fs.readdirSync(full)) fs.rmSync(path.join(full, inner), { recursive: true, force: true })
  }
  if (isPostgres(target.databaseUrl)) {
    await withPostgres(target.databaseUrl, async (client) => {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE')
      await client.query('CREATE SCHEMA public')
    })
  } else {
    for (const suffix of SQLITE_SIDE_FILES) fs.rmSync(`${sqliteFileOf(target)}${suffix}`, { force: true })
  }
}

/** Creates the PostgreSQL database the target names when it does not exist yet. */
async function ensurePostgresDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  await withPostgres(url.toString(), async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rows.length) await client.query(`CREATE DATABASE ${quoteIdent(name)}`)
  })
}

/**
 * Checks that the archive's database copy can be read by the tool that restores it (pg_restore
 * lists its contents; SQLite opens it and counts its rows), before anything in the target is removed.
 */
async function checkDatabaseCopy(manifest, databaseCopy) {
  try {
    if (manifest.database.kind === 'postgres') {
      await runTool({ command: postgresBin('pg_restore'), args: ['--list', databaseCopy] }, 'pg_restore cannot read it')
      return
    }
    const problems = sameCounts(await sqliteCounts(databaseCopy), manifest.database.tables)
    if (problems.length) throw new Error(problems.join('; '))
  } catch (error) {
    throw new BackupError(`the archive's database copy cannot be restored: ${error.message}`)
  }
}

/**
 * Backs up what a forced restore is about to replace into `backupDir`, as `<source>-before-restore-<time>.tar.gz`;
 * returns the archive's path. It prunes nothing: the next scheduled backup applies retention.
 */
async function keepBeforeRestore(target, { backupDir, source }) {
  const keptSource = `${source}-${BEFORE_RESTORE}`
  // Names go by the second: a second forced restore within the same one takes the next free second.
  let now = new Date()
  while (fs.existsSync(path.join(backupDir, archiveName(keptSource, now)))) now = new Date(now.getTime() + 1000)
  try {
    const kept = await backup({
      ...target,
      backupDir,
      now,
      source: keptSource,
      envFile: null,
    })
    return kept.archive
  } catch (error) {
    const fix = error?.code === 'EACCES' ? 'set BACKUP_DIR to a folder this user may write, or ' : ''
    throw new BackupError(
      `could not keep a copy of what the target holds in ${backupDir} before replacing it (${error.message}); ${fix}move the data folder and the database aside yourself, then restore into an empty target`,
    )
  }
}

function sameCounts(found, wanted) {
  const names = new Set([...Object.keys(found), ...Object.keys(wanted)])
  return [...names]
    .filter((name) => found[name] !== wanted[name])
    .map((name) => `${name}: ${found[name] ?? 'no table'} rows, the backup had ${wanted[name] ?? 'no table'}`)
}

/** The plain archive to unpack: `archive` itself, or its decryption (with the key of `identityFile`) in `staging`. */
async function plainArchive(archive, identityFile, staging) {
  const file = path.resolve(archive)
  if (!fs.existsSync(file)) throw new BackupError(`there is no archive at ${archive}`)
  if (!isEncrypted(file)) return file
  if (!identityFile) {
    throw new BackupError(
      `${archive} is encrypted: give its private key with --identity FILE (- reads standard input) or BACKUP_AGE_IDENTITY_FILE`,
    )
  }
  const identities = identitiesFrom(identityFile)
  const decrypted = path.join(staging, PLAIN_ARCHIVE)
  const openDecrypted = () => fs.createWriteStream(decrypted, { flags: PRIVATE_NEW_FILE, mode: 0o600 })
  await decryptInto(file, openDecrypted, identities, archive)
  return decrypted
}

/**
 * Restores an archive into an empty target (`force` first backs it up into `backupDir`, then
 * empties it), then checks every table's row count and every file's hash against the manifest.
 * An encrypted archive is opened with the private key in `identityFile` (`-`: standard input);
 * the settings it holds are brought into `settingsFile` (backupSettings.mjs), when given.
 * Nothing is touched until the archive has been unpacked and checked whole, its database copy included.
 */
export async function restore({
  archive,
  dataDir,
  databaseUrl,
  force = false,
  backupDir = defaultBackupDir(),
  source = 'site',
  identityFile = null,
  settingsFile = null,
}) {
  const target = { dataDir: path.resolve(dataDir), databaseUrl }
  const parent = path.dirname(target.dataDir)
  fs.mkdirSync(parent, { recursive: true })
  const staging = fs.mkdtempSync(path.join(parent, `.restore-${path.basename(target.dataDir)}-`))
  let touched = false
  let beforeRestore = null
  try {
    const manifest = await unpackArchive(await plainArchive(archive, identityFile, staging), staging, archive)
    const wantedKind = isPostgres(databaseUrl) ? 'postgres' : 'sqlite'
    if (manifest.database.kind !== wantedKind) {
      throw new BackupError(
        `the archive holds a ${manifest.database.kind} database; the target is ${wantedKind} (${describeDatabase(target)})`,
      )
    }
    const databaseCopy = path.join(staging, manifest.database.file)
    await checkDatabaseCopy(manifest, databaseCopy)
    if (isPostgres(databaseUrl)) await ensurePostgresDatabase(databaseUrl)
    const existing = await contentsOf(target)
    if (existing.files || existing.tables) {
      if (!force) {
        throw new BackupError(
          `the target is not empty (${existing.files} files in ${target.dataDir}, ${existing.tables} tables in ${describeDatabase(target)}); restore into an empty one, or pass --force to replace what is there (a new site's seeded pages and first admin too), a copy of it kept in ${backupDir}`,
        )
      }
      beforeRestore = await keepBeforeRestore(target, { backupDir, source })
      touched = true
      await emptyTarget(target)
    }
    touched = true

    if (manifest.database.kind === 'postgres') {
      await runTool(
        postgresToolCall('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', databaseCopy], databaseUrl),
        'pg_restore failed',
      )
    } else {
      fs.mkdirSync(path.dirname(sqliteFileOf(target)), { recursive: true })
      // A database file with no table counts as empty; the copy takes its place.
      for (const suffix of SQLITE_SIDE_FILES) fs.rmSync(`${sqliteFileOf(target)}${suffix}`, { force: true })
      await copyIntoNewFile(databaseCopy, sqliteFileOf(target), 0o600)
    }
    fs.mkdirSync(target.dataDir, { recursive: true })
    // Made as the site makes its files (mode 0666 less the umask), so the front reads uploads as before.
    for (const file of manifest.files) {
      const to = path.join(target.dataDir, file.path)
      fs.mkdirSync(path.dirname(to), { recursive: true })
      await copyIntoNewFile(path.join(staging, FILES_FOLDER, file.path), to, SITE_FILE_MODE)
    }

    const tables = isPostgres(databaseUrl)
      ? await withPostgres(databaseUrl, postgresCounts)
      : await sqliteCounts(sqliteFileOf(target))
    const problems = sameCounts(tables, manifest.database.tables)
    for (const file of manifest.files) {
      const full = path.join(target.dataDir, file.path)
      if (!fs.existsSync(full) || (await sha256Of(full)) !== file.sha256)
        problems.push(`${file.path} was not restored whole`)
    }
    if (problems.length) throw new BackupError(`the restore does not match the backup: ${problems.join('; ')}`)
    const settings =
      manifest.secrets && settingsFile ? restoreSettings(path.join(staging, SECRETS_COPY), settingsFile) : null
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0)
    return {
      settings,
      settingsInArchive: Boolean(manifest.secrets),
      manifest,
      tables,
      rows,
      files: manifest.files.length,
      database: describeDatabase(target),
      dataDir: target.dataDir,
      beforeRestore,
    }
  } catch (error) {
    if (!touched && error instanceof BackupError) error.message += ' (nothing was changed)'
    else if (beforeRestore && error instanceof Error) {
      error.message += `; what the target held before is in ${beforeRestore}: restore it with --force`
    }
    throw error
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
