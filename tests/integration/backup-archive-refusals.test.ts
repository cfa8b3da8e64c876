// A restore unpacks only the regular files an archive's manifest lists: an archive holding more
// (links, a FIFO, an unlisted file, a path out of its folder) is refused whole, the site left as it was.
import { execFile } from 'node:child_process'
import { createClient } from '@libsql/client'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backup, MANIFEST_NAME, restore, unpackArchive } from '../../scripts/lib/backup.mjs'
import { encryptInto } from '../../scripts/lib/backupEncryption.mjs'
import { ageKeyIn, fileHashes, sha256, suiteTempRoot, tar } from '../support/backupArchives'

const TEMP_ROOT = suiteTempRoot('backup-archive-refusals')

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
