// The doctor's checks that reach a part (the database, Redis, the mail server) against real ones on
// loopback, and `npm run doctor` itself on a site made in a temporary folder.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKUP_FAIL_AGE_HOURS } from '@/operations/doctor/backups'
import { committedMigrations, databaseCheck, migrationsCheck, probeDatabase } from '@/operations/doctor/database'
import { mailCheck } from '@/operations/doctor/mail'
import { redisCheck } from '@/operations/doctor/redis'
import { archiveName } from '../../scripts/lib/backupArchives.mjs'
import { makeCertificate } from '../support/front'
import { migratedSqliteTemplate } from '../support/payload'
import { freePort } from '../support/ports'
import { startTempRedis, type TempRedis } from '../support/redis'
import { postgresDatabase } from '../support/sharedPostgres'

const ROOT = path.resolve(__dirname, '../..')
const HOUR_MS = 60 * 60 * 1000
/** A check against a closed port is refused at once: far within the doctor's bound. */
const REFUSED_WITHIN_MS = 1_500
/** Longest `npm run doctor` may take here (it bundles its checks, then runs them at once). */
const DOCTOR_RUN_TIMEOUT_MS = 30_000
const SMTP_USER = 'site@example.com'
const SMTP_PASSWORD = 'the-right-password'

let dir: string
let redis: TempRedis
let smtp: SMTPServer
let smtpPort: number

/** A mail server on loopback that takes a sign-in with SMTP_USER and SMTP_PASSWORD alone. */
async function startSigningInSmtpServer() {
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER })
      callback(new Error('Invalid username or password'))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.server.address() as AddressInfo).port }
}

const smtpUrl = (password: string) =>
  `smtp://${encodeURIComponent(SMTP_USER)}:${password}@127.0.0.1:${smtpPort}?ignoreTLS=true`

/** A copy of the migrated SQLite template: a database as `npm run migrate` leaves it. */
async function migratedSqliteFile(name: string) {
  const file = path.join(dir, name)
  fs.copyFileSync(await migratedSqliteTemplate(), file)
  return file
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-'))
  ;[redis, { server: smtp, port: smtpPort }] = await Promise.all([startTempRedis(), startSigningInSmtpServer()])
})

afterAll(async () => {
  redis?.stop()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the database and migrations checks', () => {
  it('find a migrated SQLite file current, and name a migration it lacks or one the code does not have', async () => {
    const file = await migratedSqliteFile('site.db')
    const settings = { url: undefined, sqliteFile: file }
    const committed = committedMigrations(ROOT, undefined)
    const current = await probeDatabase(settings)
    expect(databaseCheck(current)).toMatchObject({ status: 'ok', detail: `sqlite:${file} answers` })
    expect(migrationsCheck(current, committed)).toMatchObject({
      status: 'ok',
      detail: `all ${committed.length} applied`,
    })

    const client = createClient({ url: `file:${file}` })
    await client.execute({ sql: 'delete from payload_migrations where name = ?', args: [committed.at(-1)!] })
    await client.execute("insert into payload_migrations (name, batch) values ('29991231_000000_from_the_future', 99)")
    client.close()
    const behind = migrationsCheck(await probeDatabase(settings), committed)
    expect(behind).toMatchObject({
      status: 'fail',
      detail: `1 of ${committed.length} not applied: ${committed.at(-1)}`,
    })
    expect(behind.fix).toContain('npm run migrate')
    const ahead = migrationsCheck(await probeDatabase(settings), committed.slice(0, -1))
    expect(ahead).toMatchObject({ status: 'warn' })
    expect(ahead.detail).toContain('29991231_000000_from_the_future')
  })

  it('say a missing SQLite file is missing, without making one', async () => {
    const missing = path.join(dir, 'no-such.db')
    const probe = await probeDatabase({ url: undefined, sqliteFile: missing })
    expect(databaseCheck(probe)).toMatchObject({ status: 'fail', detail: `there is no database at sqlite:${missing}` })
    expect(migrationsCheck(probe, [])).toMatchObject({ status: 'fail', fix: 'see the database line' })
    expect(fs.existsSync(missing)).toBe(false)
  })

  it('reach PostgreSQL and say when its database was never migrated, and fail at once on a closed port, never printing the password', async () => {
    const database = await postgresDatabase({ migrated: false })
    try {
      const probe = await probeDatabase({ url: database.url, sqliteFile: '' })
      expect(databaseCheck(probe).status).toBe('ok')
      expect(migrationsCheck(probe, committedMigrations(ROOT, database.url))).toMatchObject({
        status: 'fail',
        detail: 'the database has never been migrated',
      })
    } finally {
      await database.stop()
    }
    const closed = `postgres://site:secret-password@127.0.0.1:${await freePort()}/site`
    const started = performance.now()
    const down = databaseCheck(await probeDatabase({ url: closed, sqliteFile: '' }))
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS)
    expect(down).toMatchObject({ status: 'fail', fix: expect.stringContaining('start PostgreSQL') })
    expect(down.detail).not.toContain('secret-password')
  })
})

describe('the Redis check', () => {
  it('is ok when Redis answers, fails at once on a closed port, and is off without REDIS_URL', async () => {
    expect(await redisCheck(redis.url)).toMatchObject({
      status: 'ok',
      detail: `Redis at 127.0.0.1:${redis.port} answers`,
    })
    const started = performance.now()
    const down = await redisCheck(`redis://:secret-password@127.0.0.1:${await freePort()}`)
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS)
    expect(down).toMatchObject({ status: 'fail', fix: expect.stringContaining('REDIS_URL') })
    expect(down.detail).not.toContain('secret-password')
    expect((await redisCheck(undefined)).status).toBe('off')
  })
})

describe('the mail check', () => {
  it('is ok when the server takes our sign-in, and fails on a wrong password naming the credentials', async () => {
    expect(await mailCheck({ smtpUrl: smtpUrl(SMTP_PASSWORD), production: true })).toMatchObject({
      status: 'ok',
      detail: `the mail server at ${SMTP_USER}@127.0.0.1:${smtpPort} takes our sign-in`,
    })
    const refused = await mailCheck({ smtpUrl: smtpUrl('a-wrong-password'), production: true })
    expect(refused).toMatchObject({ status: 'fail', fix: expect.stringContaining('user and password') })
    expect(refused.detail).not.toContain('a-wrong-password')
  })

  it('fails at once on a closed port, naming host and port as the fix', async () => {
    const started = performance.now()
    const down = await mailCheck({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, production: false })
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS)
    expect(down).toMatchObject({ status: 'fail', fix: expect.stringContaining('host and port') })
  })

  it('warns in production that mail only reaches the outbox, and is off elsewhere', async () => {
    const outbox = await mailCheck({ smtpUrl: undefined, production: true })
    expect(outbox).toMatchObject({ status: 'warn', fix: expect.stringContaining('SMTP_URL') })
    expect(outbox.detail).toMatch(/^outbox: /)
    expect((await mailCheck({ smtpUrl: undefined, production: false })).status).toBe('off')
  })
})

describe('npm run doctor', () => {
  /** Runs the command as an operator would, with the site's settings in the environment (Vitest's NODE_ENV: not production). */
  function runDoctor(env: Record<string, string>, args: string[] = []) {
    return new Promise<{ code: number | null; lines: string[] }>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/doctor.mjs', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', TLS_CERT_FILE: '', ...env },
        timeout: DOCTOR_RUN_TIMEOUT_MS,
      })
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      child.once('error', reject)
      child.once('close', (code) => resolve({ code, lines: output.trim().split('\n') }))
    })
  }
  const statusOf = (lines: string[], name: string) =>
    lines.find((line) => line.slice(6).startsWith(`${name} `))?.split(' ')[0] ?? `no line for ${name}`

  it('prints every check on a healthy site and exits 0; with Redis stopped and the backup stale it names both and exits 1', async () => {
    const site = fs.mkdtempSync(path.join(dir, 'site-'))
    const [dataDir, backupDir] = [path.join(site, 'data'), path.join(site, 'backups')]
    fs.mkdirSync(dataDir, { mode: 0o700 })
    fs.mkdirSync(backupDir, { mode: 0o700 })
    fs.copyFileSync(await migratedSqliteTemplate(), path.join(dataDir, 'site.db'))
    const settingsFile = path.join(site, 'site.env')
    fs.writeFileSync(settingsFile, 'PAYLOAD_SECRET=doctor-suite\n', { mode: 0o600 })
    const archive = path.join(backupDir, archiveName('site', new Date(Date.now() - HOUR_MS)))
    fs.writeFileSync(archive, '')
    const doctorRedis = await startTempRedis()
    const env = {
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      REDIS_URL: doctorRedis.url,
      SMTP_URL: smtpUrl(SMTP_PASSWORD),
    }
    try {
      const healthy = await runDoctor(env, ['--secrets', settingsFile])
      const wanted = {
        node: 'ok',
        database: 'ok',
        migrations: 'ok',
        redis: 'ok',
        mail: 'ok',
        certificate: 'off',
        backup: 'ok',
        'off-site copy': 'warn',
        secrets: 'ok',
        'data folder': 'ok',
      }
      for (const [name, status] of Object.entries(wanted)) expect(statusOf(healthy.lines, name), name).toBe(status)
      expect(['ok', 'warn']).toContain(statusOf(healthy.lines, 'disk'))
      expect(healthy.lines.at(-1)).toMatch(/^\d+ ok, \d+ warn, 0 fail, 1 off: nothing needs action now$/)
      expect(healthy.code).toBe(0)

      await doctorRedis.kill()
      fs.renameSync(
        archive,
        path.join(backupDir, archiveName('site', new Date(Date.now() - (BACKUP_FAIL_AGE_HOURS + 1) * HOUR_MS))),
      )
      const certificate = makeCertificate(site, 'www.example.com').cert
      const ailing = await runDoctor({ ...env, TLS_CERT_FILE: certificate }, ['--secrets', settingsFile])
      const failing = ailing.lines.filter((line) => line.startsWith('fail'))
      expect(failing.map((line) => line.slice(6).split('  ')[0])).toEqual(['redis', 'certificate', 'backup'])
      for (const line of failing) expect(line).toMatch(/\. Fix: .+\.$/)
      expect(ailing.code).toBe(1)
    } finally {
      doctorRedis.stop()
    }
  })
})
