// The secrets a backup carries: left out of a plain archive, inside an encrypted one, brought into
// the target's settings by a restore with the private key, and never shown when the key is wrong.
import { createClient } from '@libsql/client'
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveDate, backup, MANIFEST_NAME, restore, SECRETS_COPY } from '../../scripts/lib/backup.mjs'
import { ageKeyIn, suiteTempRoot } from '../support/backupArchives'

const TEMP_ROOT = suiteTempRoot('backup-secrets')

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
