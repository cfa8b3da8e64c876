// The last steps of the server suite (docs/backups.md, "On a server"): server A, with what its visitors
// and its admin left, backs up encrypted and copies the archive to S3 (s3rver on the host); it is lost;
// a new server B is installed from nothing and restores the S3 copy; tampered archives are refused;
// the doctor on B says what is well and, once Redis is stopped and the backup is over three days old, what is not.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  archiveName as archiveNamed,
  archiveSeries,
  EXIT_NOTHING_CHANGED,
} from '../../../scripts/lib/backupArchives.mjs'
import { decryptInto, encryptInto, identitiesFrom } from '../../../scripts/lib/backupEncryption.mjs'
import { BACKUP_FAIL_AGE_HOURS } from '../../../src/operations/doctor/backups'
import { ageKeyIn } from '../../support/backupArchives'
import { freePort } from '../../support/ports'
import { S3RVER_CREDENTIALS, startTempS3, type TempS3 } from '../../support/s3'
import { startSmtpServer } from '../../support/smtp'
import { type Container, until } from './container'
import { addSettings, DOMAIN, doctorStatuses, inRelease } from './operator'
import { firstAdminOf, sha256, siteOverHttp } from './siteOverHttp'

const BUCKET = 'site-backups'
const BACKUP_DIR = '/var/backups/site'
/** Where the operator brings the backup's private key on the new server (never kept on the old one). */
const KEY_ON_SERVER = '/root/backup-key.txt'
/** A backup of the site (not the copy a restore keeps of what it replaced). */
const isSiteBackup = (file: string) => archiveSeries(file) === 'site'
/** A backup older than the doctor's limit by this much is one it fails. */
const STALE_BY_MS = (BACKUP_FAIL_AGE_HOURS + 2) * 3600_000
/** A restore stops the site's instances and starts them again: the first answers within this. */
const BACK_AFTER_RESTORE_MS = 90_000
const HEALTH_MS = 2_000

/** Changes made to a copy of A's backup (to `evil`, an upload's place in it), and what the restore says of each. */
const TAMPERINGS: [string, (evil: string) => void, RegExp][] = [
  [
    'a symbolic link to the secrets',
    (evil) => fs.symlinkSync('/etc/site/site.env', evil),
    /data\/media\/evil\.png is a symbolic link/,
  ],
  [
    'a file its manifest does not list',
    (evil) => fs.writeFileSync(evil, 'not backed up'),
    /data\/media\/evil\.png is not in its manifest/,
  ],
]

type Steps = {
  /** A new server booted from the cached base, the first release deployed and installed (settings in `env`). */
  newServer: (env?: string) => Promise<Container>
  deployMs: number
  installMs: number
  /** The first instance's port: the host asks it straight. */
  instance: number
}

export function recoveryWalk(server: { container: Container }, { newServer, deployMs, installMs, instance }: Steps) {
  describe('the server lost, its site restored onto a new one from the encrypted off-site copy', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-recovery-'))
    let s3: TempS3
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    let key: Awaited<ReturnType<typeof ageKeyIn>>
    let admin: { email: string; password: string }
    let before: unknown
    let archiveName = ''
    const site = siteOverHttp(`http://127.0.0.1:${instance}`, `https://${DOMAIN}`)
    /** The off-site store's settings, as site.env holds them. */
    const store = () => ({
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    })
    /** Settings put before a command, as a shell takes them. */
    const asEnv = (settings: Record<string, string>) =>
      Object.entries(settings)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')
    /** The operator's restore on the server, then the wait for the instance the host asks. */
    async function restore(archive: string) {
      const command = inRelease(
        `deploy/server/restore.mjs ${archive} --identity ${KEY_ON_SERVER} --force`,
        asEnv(store()),
      )
      const result = await server.container.exec(command, { timeoutMs: deployMs })
      await until('the instance after the restore', BACK_AFTER_RESTORE_MS, async () => {
        const health = await fetch(`http://127.0.0.1:${instance}/api/health`, {
          signal: AbortSignal.timeout(HEALTH_MS),
        }).catch(() => null)
        return health?.ok ? true : undefined
      })
      return result
    }

    beforeAll(async () => {
      s3 = await startTempS3({ port: await freePort(), bucket: BUCKET })
      smtp = await startSmtpServer()
      key = await ageKeyIn(work, 'backup-key.txt')
    })
    afterAll(async () => {
      await s3?.stop()
      await smtp?.close()
      fs.rmSync(work, { recursive: true, force: true })
    })

    test(
      'server A, holding a page, an upload, a submission and a chat, backs them up encrypted and copies the archive to S3',
      async () => {
        const a = server.container
        addSettings(a, { ...store(), BACKUP_AGE_RECIPIENT: key.recipient, BACKUP_S3_BUCKET: BUCKET })
        admin = firstAdminOf(a)
        const { token } = await site.signIn(admin)
        const image = await site.publishPageAndUpload(token!)
        await site.sendContact()
        await site.sendChat()
        before = await site.marksFound(token!)
        expect(before).toEqual({ page: 200, uploadSha256: sha256(image), submissions: 1, chatMessages: 1 })
        await a.run('systemctl start site-backup.service', { timeoutMs: deployMs })
        const archives = fs.readdirSync(path.join(a.rootfs, BACKUP_DIR)).filter(isSiteBackup)
        expect(archives).toHaveLength(1)
        archiveName = archives[0]
        // Kept for the tampering below; the key stays with the operator, never on the server.
        fs.copyFileSync(path.join(a.rootfs, BACKUP_DIR, archiveName), path.join(work, archiveName))
      },
      deployMs,
    )

    test(
      "a new server B, installed from nothing, restores A's S3 copy: its pages, media, submission and chat, and A's admin signs in",
      async () => {
        await server.container.destroy()
        server.container = await newServer(`SMTP_URL='${smtp.url}' MAIL_FROM=website@${DOMAIN}`)
        fs.copyFileSync(key.identityFile, path.join(server.container.rootfs, KEY_ON_SERVER))
        const restored = await restore(`s3://${BUCKET}/${archiveName}`)
        expect(restored.code, restored.stdout + restored.stderr).toBe(0)
        const { status, token } = await site.signIn(admin)
        expect(status).toBe(200)
        expect(await site.marksFound(token!)).toEqual(before)
      },
      installMs + deployMs,
    )

    test.each(TAMPERINGS)(
      'a tampered archive (%s) is refused, saying why, and changes nothing',
      async (what, change, said) => {
        const unpacked = fs.mkdtempSync(path.join(work, 'unpacked-'))
        const plain = path.join(work, 'plain.tar.gz')
        const identities = identitiesFrom(key.identityFile)
        await decryptInto(path.join(work, archiveName), () => fs.createWriteStream(plain), identities, archiveName)
        execFileSync('tar', ['-xzf', plain, '-C', unpacked])
        change(path.join(unpacked, 'data', 'media', 'evil.png'))
        execFileSync('tar', ['-czf', plain, '-C', unpacked, '.'])
        const tampered = path.posix.join('/root', 'site-tampered.tar.gz.age')
        const onServer = () => fs.createWriteStream(path.join(server.container.rootfs, tampered))
        await encryptInto(plain, onServer, key.recipient)
        const refused = await restore(tampered)
        expect(refused.code, what).toBe(EXIT_NOTHING_CHANGED)
        expect(refused.stdout + refused.stderr).toMatch(said)
        const { token } = await site.signIn(admin)
        expect(await site.marksFound(token!)).toEqual(before)
        const evil = await fetch(`http://127.0.0.1:${instance}/api/media/file/evil.png`, {
          signal: AbortSignal.timeout(HEALTH_MS),
        })
        expect(evil.status).toBe(404)
      },
      deployMs,
    )

    test(
      'the doctor on B finds all well; with Redis stopped and the last backup over three days old it names both',
      async () => {
        const b = server.container
        await b.run('systemctl start site-backup.service', { timeoutMs: deployMs })
        const doctor = () => b.exec(inRelease('scripts/doctor.mjs --server'), { timeoutMs: deployMs })
        const well = await doctor()
        // Printed in the run's log: what the operator reads.
        console.log(well.stdout)
        const statuses = doctorStatuses(well.stdout)
        expect(Object.keys(statuses).length, well.stdout).toBeGreaterThan(0)
        expect(
          Object.entries(statuses).filter(([, status]) => status !== 'ok'),
          well.stdout,
        ).toEqual([])
        expect(well.code).toBe(0)

        await b.run('systemctl stop redis-server')
        // The newest backup made over three days ago, and none since: what a backup timer that stopped leaves.
        const backups = path.join(b.rootfs, BACKUP_DIR)
        const archives = fs.readdirSync(backups).filter(isSiteBackup).sort()
        for (const file of archives.slice(0, -1)) fs.rmSync(path.join(backups, file))
        const stale = archiveNamed('site', new Date(Date.now() - STALE_BY_MS), { encrypted: true })
        fs.renameSync(path.join(backups, archives.at(-1)!), path.join(backups, stale))
        const ill = await doctor()
        console.log(ill.stdout)
        expect(doctorStatuses(ill.stdout), ill.stdout).toMatchObject({ redis: 'fail', backup: 'fail' })
        expect(ill.code).toBe(1)
      },
      deployMs,
    )
  })
}
