// Who may restore where (scripts/lib/backupRestoreAccess.mjs): a restore that could not write the
// archive's settings (a server's root-owned site.env, run as the site's user) refuses before it
// touches anything and says to run it with sudo; run as root, it gives what it restores to the
// data folder's owner; the server's restore command (deploy/server/serverRestore.mjs) starts the
// site again unless the restore failed half-way. The decisions are told by facts; the restore is
// run on a small SQLite site.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { generateIdentity, identityToRecipient } from 'age-encryption'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESTORE_UNITS, serverRestoreCommand, startAgainAfterRestore } from '../../deploy/server/serverRestore.mjs'
import { SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import { backup, restore } from '../../scripts/lib/backup.mjs'
import { EXIT_NOTHING_CHANGED } from '../../scripts/lib/backupArchives.mjs'
import { restoredOwner, settingsReplaceRefusal } from '../../scripts/lib/backupRestoreAccess.mjs'

const ROOT = path.resolve(__dirname, '../..')
/** Longest `npm run restore` may take to refuse an archive that is not there. */
const COMMAND_TIMEOUT_MS = 30_000
const ROOT_USER = { uid: 0, groups: [0] }
/** The site's user on a server, in its own group, and the front's group. */
const SITE_USER = { uid: 998, groups: [998] }
const FRONT_GROUP = 33
const SERVER_SETTINGS = '/etc/site/site.env'
/** /etc/site and site.env as install leaves them: root's, the site's group reading. */
const ROOT_FOLDER = { uid: 0, gid: 998, mode: 0o40750 }
const ROOT_FILE = { uid: 0, gid: 998, mode: 0o100640 }

describe('whether a restore may write the archive’s settings', () => {
  it('lets root replace any settings file, a server’s included', () => {
    expect(
      settingsReplaceRefusal({ user: ROOT_USER, settingsFile: SERVER_SETTINGS, file: ROOT_FILE, folder: ROOT_FOLDER }),
    ).toBeNull()
  })

  it('refuses the site’s user a server’s site.env, in root’s folder', () => {
    expect(
      settingsReplaceRefusal({ user: SITE_USER, settingsFile: SERVER_SETTINGS, file: ROOT_FILE, folder: ROOT_FOLDER }),
    ).toBe('this user (uid 998) may not write in /etc/site')
  })

  it('refuses a file of another user even in a folder this user may write, whose owner it could not keep', () => {
    const sharedFolder = { uid: 0, gid: 998, mode: 0o40770 }
    expect(
      settingsReplaceRefusal({ user: SITE_USER, settingsFile: SERVER_SETTINGS, file: ROOT_FILE, folder: sharedFolder }),
    ).toBe('it belongs to another user (uid 0), whose file only root may replace')
  })

  it('lets a user replace their own file in their own folder, or make it there, and refuses a folder that is missing', () => {
    const ownFolder = { uid: 998, gid: 998, mode: 0o40700 }
    const ownFile = { uid: 998, gid: 998, mode: 0o100600 }
    const settingsFile = '/srv/site/.env'
    expect(settingsReplaceRefusal({ user: SITE_USER, settingsFile, file: ownFile, folder: ownFolder })).toBeNull()
    expect(settingsReplaceRefusal({ user: SITE_USER, settingsFile, file: null, folder: ownFolder })).toBeNull()
    expect(
      settingsReplaceRefusal({ user: SITE_USER, settingsFile, file: null, folder: { ...ownFolder, mode: 0o40500 } }),
    ).toBe('this user (uid 998) may not write in /srv/site')
    expect(settingsReplaceRefusal({ user: SITE_USER, settingsFile, file: null, folder: null })).toBe(
      'its folder /srv/site does not exist',
    )
  })

  it('gives what root restores to the data folder’s owner, in the group of the folder it is made in', () => {
    const dataFolder = { uid: 998, gid: 998 }
    const uploads = { uid: 998, gid: FRONT_GROUP }
    expect(restoredOwner({ user: ROOT_USER, ownerFolder: dataFolder, parent: uploads })).toEqual({
      uid: 998,
      gid: FRONT_GROUP,
    })
    expect(restoredOwner({ user: SITE_USER, ownerFolder: dataFolder, parent: uploads })).toBeNull()
  })
})

describe('a restore onto a server', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-access-'))
  const sourceData = path.join(root, 'source', 'data')
  const envFile = path.join(root, 'source', '.env')
  const backupDir = path.join(root, 'backups')
  const identityFile = path.join(root, 'key.txt')
  /** A uid and gid no one on the machine has: the site's user of the server this test plays. */
  const SITE_UID = 4242
  const SITE_GID = 4243
  let archive: string
  beforeAll(async () => {
    fs.mkdirSync(path.join(sourceData, 'media', 'deeds'), { recursive: true })
    fs.writeFileSync(path.join(sourceData, 'media', 'deeds', 'deed.png'), 'an upload')
    const database = createClient({ url: `file:${path.join(sourceData, 'site.db')}` })
    try {
      await database.execute('CREATE TABLE pages (title TEXT)')
    } finally {
      database.close()
    }
    fs.writeFileSync(envFile, 'PAYLOAD_SECRET=the-old-site-s\n')
    const identity = await generateIdentity()
    fs.writeFileSync(identityFile, `${identity}\n`, { mode: 0o600 })
    const recipient = await identityToRecipient(identity)
    archive = (await backup({ dataDir: sourceData, backupDir, envFile, recipient })).archive
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  /** A new server's data folder (the site's, holding its own folders) and settings file (root's, in root's folder). */
  function newServer(name: string) {
    const server = path.join(root, name)
    const dataDir = path.join(server, 'var-lib-site')
    const settingsFolder = path.join(server, 'etc-site')
    const settingsFile = path.join(settingsFolder, 'site.env')
    fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true })
    fs.mkdirSync(settingsFolder, { mode: 0o750 })
    fs.writeFileSync(settingsFile, 'PAYLOAD_SECRET=the-new-site-s\n', { mode: 0o640 })
    return { dataDir, settingsFile, databaseUrl: `file:${path.join(dataDir, 'site.db')}` }
  }

  it('refuses, run as the site’s user, before touching anything, and says to run it with sudo', async () => {
    const server = newServer('as-site')
    const siteUser = { uid: SITE_UID, groups: [SITE_GID] }
    await expect(restore({ archive, ...server, identityFile, force: true, backupDir, user: siteUser })).rejects.toThrow(
      `an encrypted archive brings the site's settings into ${server.settingsFile}, and this user (uid ${SITE_UID}) may not write in ${path.dirname(server.settingsFile)}: run the restore as root (sudo), which replaces the file keeping its owner and mode, and gives what it restores to the owner of the data folder (nothing was changed)`,
    )
    expect(fs.readdirSync(path.dirname(server.dataDir)).sort(), 'no staging folder').toEqual([
      'etc-site',
      'var-lib-site',
    ])
    expect(fs.readdirSync(server.dataDir)).toEqual(['media'])
    expect(fs.readFileSync(server.settingsFile, 'utf8')).toBe('PAYLOAD_SECRET=the-new-site-s\n')
  })

  it('run as root, writes the settings keeping their owner and mode, and gives the restored files to the data folder’s owner', async () => {
    const server = newServer('as-root')
    fs.chownSync(server.dataDir, SITE_UID, SITE_GID)
    const uploads = path.join(server.dataDir, 'media')
    fs.chownSync(uploads, SITE_UID, FRONT_GROUP)
    const result = await restore({ archive, ...server, identityFile, backupDir, user: ROOT_USER })
    expect(result.settings?.changed).toEqual(['PAYLOAD_SECRET'])
    expect(fs.statSync(server.settingsFile)).toMatchObject({ uid: 0, mode: 0o100640 })
    const owners = (file: string) => {
      const { uid, gid } = fs.statSync(path.join(server.dataDir, file))
      return { uid, gid }
    }
    expect(owners('media')).toEqual({ uid: SITE_UID, gid: FRONT_GROUP })
    expect(owners('media/deeds')).toEqual({ uid: SITE_UID, gid: FRONT_GROUP })
    expect(owners('media/deeds/deed.png')).toEqual({ uid: SITE_UID, gid: FRONT_GROUP })
    expect(owners('site.db')).toEqual({ uid: SITE_UID, gid: SITE_GID })
  })
})

describe('the server’s restore command, around scripts/restore.mjs', () => {
  it('runs it in the current release with the server’s settings file, the operator’s paths made whole', () => {
    expect(
      serverRestoreCommand({
        layout: SERVER_LAYOUT,
        archive: 'site-2026-11-26T031500.123Z.tar.gz.age',
        identity: 'key.txt',
        force: true,
        cwd: '/root',
      }),
    ).toEqual({
      command: '/opt/site/current/node_modules/.bin/node',
      args: [
        'scripts/restore.mjs',
        '/root/site-2026-11-26T031500.123Z.tar.gz.age',
        '--identity',
        '/root/key.txt',
        '--force',
        '--secrets',
        '/etc/site/site.env',
      ],
      cwd: '/opt/site/current',
    })
    const fromS3 = serverRestoreCommand({
      layout: SERVER_LAYOUT,
      archive: 's3://bucket/site.tar.gz.age',
      identity: '-',
      cwd: '/root',
    })
    expect(fromS3.args).toEqual([
      'scripts/restore.mjs',
      's3://bucket/site.tar.gz.age',
      '--identity',
      '-',
      '--secrets',
      '/etc/site/site.env',
    ])
  })

  it('starts the stopped units again after a success or a refusal that changed nothing, not after a restore failed half-way', () => {
    expect(RESTORE_UNITS).toEqual(['site.target', 'site-backup.timer'])
    expect(startAgainAfterRestore(0)).toBe(true)
    expect(startAgainAfterRestore(EXIT_NOTHING_CHANGED)).toBe(true)
    expect(startAgainAfterRestore(1)).toBe(false)
    expect(startAgainAfterRestore(null), 'ended by a signal').toBe(false)
  })

  it('hears from npm run restore, by its exit code, that a refused restore changed nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-exit-'))
    try {
      const settingsFile = path.join(dir, 'site.env')
      fs.writeFileSync(settingsFile, `DATA_DIR=${path.join(dir, 'data')}\nBACKUP_DIR=${path.join(dir, 'backups')}\n`)
      const missing = path.join(dir, 'no-such-archive.tar.gz')
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) =>
        execFile(
          process.execPath,
          ['scripts/restore.mjs', missing, '--secrets', settingsFile],
          { cwd: ROOT, timeout: COMMAND_TIMEOUT_MS, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
        ),
      )
      expect(output).toContain(`> The restore failed: there is no archive at ${missing} (nothing was changed)`)
      expect(code).toBe(EXIT_NOTHING_CHANGED)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
