// What the install command (deploy/server/install.mjs) sets up: the data folder and who may read
// it, the settings it writes into site.env, and the database role it makes; and what it refuses.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import pg from 'pg'
import { dataFolders, ensureDir, FRONT_USER } from '../../deploy/server/folders.mjs'
import { peersFrom, proxyAddressesFrom } from '../../deploy/lib/frontNeighbours.mjs'
import { debianPackages, localServiceUnits, readEnvFile } from '../../deploy/server/installSystem.mjs'
import { createRoleCall, SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import {
  envFileText,
  mailSettingsFrom,
  mailWarning,
  sharedServices,
  sharedSettingsFrom,
  siteSettings,
} from '../../deploy/server/siteEnv.mjs'
import { startTempPostgres } from '../support/postgres'
import { as, render, ROOT } from '../support/serverInstall'

describe('the data folder on a server', () => {
  it("lets the front's workers read the uploads, not list the data, and keeps every other user out", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-'))
    try {
      fs.chmodSync(base, 0o755)
      const dataDir = path.join(base, 'data')
      // `daemon` stands for the site's user (it has a group of its own, as install's user has).
      for (const { dir, ...access } of dataFolders({ dataDir, user: 'daemon' })) ensureDir(dir, access)
      // An upload as an instance writes it, with the instance units' umask (UMask=0027).
      const upload = path.join(dataDir, 'media', 'hero-800x450.webp')
      expect(as('daemon', `umask 027 && printf 'image bytes' > ${upload}`).status).toBe(0)
      expect(as(FRONT_USER, `cat ${upload}`).stdout).toBe('image bytes')
      expect(as(FRONT_USER, `ls ${dataDir}`).status).not.toBe(0)
      expect(as('nobody', `cat ${upload}`).status).not.toBe(0)
      expect(as('nobody', `ls ${dataDir}`).status).not.toBe(0)
    } finally {
      fs.rmSync(base, { recursive: true, force: true })
    }
  })

  it("keeps the chat files and the outbox from the front's workers, whatever umask an instance wrote them with", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-'))
    try {
      fs.chmodSync(base, 0o755)
      const dataDir = path.join(base, 'data')
      // `daemon` stands for the site's user (it has a group of its own, as install's user has).
      for (const { dir, ...access } of dataFolders({ dataDir, user: 'daemon' })) ensureDir(dir, access)
      for (const folder of ['chat-files', 'outbox']) {
        const file = path.join(dataDir, folder, 'private')
        // systemd's default umask, as on a server installed before the units set theirs.
        expect(as('daemon', `umask 022 && mkdir -p ${path.dirname(file)} && printf secret > ${file}`).status).toBe(0)
        expect(as('daemon', `cat ${file}`).stdout).toBe('secret')
        expect(as(FRONT_USER, `cat ${file}`).status).not.toBe(0)
        expect(as('nobody', `cat ${file}`).status).not.toBe(0)
      }
    } finally {
      fs.rmSync(base, { recursive: true, force: true })
    }
  })
})

describe('the install command', () => {
  it('refuses to install without the address the site answers at', () => {
    const result = render()
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/--domain/)
  })

  it('writes SMTP_URL and MAIL_FROM from its environment into site.env as sh reads them back, and warns without them', () => {
    const SMTP_URL = 'smtp://site%40example.com:pa$$ word&more@mail.example.com:587?requireTLS=true&x=1'
    const MAIL_FROM = 'office@example.com'
    const mail = mailSettingsFrom({ SMTP_URL, MAIL_FROM })
    const existing = { SMTP_URL: 'smtp://old.example.com', DATABASE_URL: 'postgres://kept' }
    const { values } = siteSettings(existing, { domain: 'www.example.com', mail })
    expect(values.DATABASE_URL).toBe('postgres://kept')
    // A restore run with this file (docs/backups.md) keeps its copy of what it replaces where the backups go.
    expect(values.BACKUP_DIR).toBe(SERVER_LAYOUT.backupDir)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'))
    try {
      const file = path.join(dir, 'site.env')
      fs.writeFileSync(file, envFileText(values))
      // As the migrations and a restore on a server read it (deploy/server/layout.mjs, docs/servers.md).
      const script = `set -a && . ${file} && printf '%s\\n' "$SMTP_URL" "$MAIL_FROM" "$SERVER_URL"`
      const read = spawnSync('sh', ['-c', script], { encoding: 'utf8', timeout: 10_000 })
      expect(read.stdout).toBe(`${SMTP_URL}\n${MAIL_FROM}\nhttps://www.example.com\n`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    expect(mailWarning(values)).toBeNull()
    // A run without them keeps the file's; with none anywhere, one warning names the file and the test command.
    expect(
      siteSettings({ SMTP_URL: 'smtp://kept.example.com' }, { domain: 'www.example.com', mail: mailSettingsFrom({}) })
        .values.SMTP_URL,
    ).toBe('smtp://kept.example.com')
    const warning = mailWarning(
      siteSettings({}, { domain: 'www.example.com', mail: mailSettingsFrom({ SMTP_URL: ' ' }) }).values,
    )
    expect(warning).toContain('/var/lib/site/outbox')
    expect(warning).toContain('/etc/site/site.env')
    expect(warning).toContain('npm run mail:test -- you@example.com --env-file /etc/site/site.env')
    expect(() => mailSettingsFrom({ SMTP_URL: "smtp://it's@mail.example.com" })).toThrow(
      /SMTP_URL may not hold a quote/,
    )
  })

  it("makes the site's database role with its password fed to psql on stdin, never on the command line", async () => {
    const PASSWORD = 'a-role-password-4b1d'
    const call = createRoleCall({ user: 'site_role_test', password: PASSWORD })
    expect(call.args.join(' ')).not.toContain(PASSWORD)
    // The same psql call on a throwaway cluster (as its superuser rather than through runuser): the role exists after.
    const postgres = await startTempPostgres()
    try {
      const psql = call.args.slice(call.args.indexOf('psql'))
      const result = spawnSync(psql[0], [...psql.slice(1), '-d', postgres.url], {
        input: call.input,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(result.stderr).toBe('')
      expect(result.status).toBe(0)
      const client = new pg.Client({ connectionString: postgres.url })
      await client.connect()
      try {
        const { rows } = await client.query("SELECT rolcanlogin FROM pg_roles WHERE rolname = 'site_role_test'")
        expect(rows).toEqual([{ rolcanlogin: true }])
      } finally {
        await client.end()
      }
    } finally {
      postgres.stop()
    }
  })
})

describe("the install of a server that shares another host's database and Redis", () => {
  const SHARED = {
    DATABASE_URL: 'postgres://site:db-pa$$word@10.0.0.5:5432/site',
    REDIS_URL: 'redis://:redis-secret@10.0.0.5:6379',
    PAYLOAD_SECRET: 'the-secret-every-server-of-the-site-shares',
  }

  it('takes them from its environment into site.env, makes no password for them, and installs no PostgreSQL or Redis of its own', () => {
    const bucket = { S3_BUCKET: 'site-uploads', S3_SECRET_ACCESS_KEY: 'bucket-secret' }
    const shared = sharedSettingsFrom({ ...SHARED, ...bucket, PATH: '/usr/bin' })
    expect(Object.keys(shared)).not.toContain('PATH')
    const { values, databasePassword, redisPassword } = siteSettings({}, { domain: 'www.example.com', shared })
    expect([databasePassword, redisPassword]).toEqual([undefined, undefined])
    expect(values).toMatchObject({
      ...bucket,
      // The fronts the instances believe: this machine's own, unless install names others (--front-address).
      TRUST_PROXY: '127.0.0.1',
      ...SHARED,
      DATABASE_URL: `'${SHARED.DATABASE_URL}'`,
      SHARED_SERVICES: 'database,redis',
    })
    const elsewhere = sharedServices(values)
    const packages = debianPackages({ front: true, shared: elsewhere })
    expect(packages).not.toContain('postgresql')
    expect(packages).not.toContain('redis-server')
    // pg_dump and pg_restore for the backups of the shared database.
    expect(packages).toContain('postgresql-client')
    expect(localServiceUnits(elsewhere)).toEqual([])
    // Without a front: no nginx either; with everything local: the stack's packages, as before.
    expect(debianPackages({ front: false, shared: elsewhere })).not.toContain('nginx')
    expect(debianPackages({ front: true, shared: new Set() })).toEqual(
      expect.arrayContaining(['nginx', 'postgresql', 'redis-server']),
    )
    // A rerun with nothing in its environment keeps them, and still makes no local one.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'))
    try {
      const file = path.join(dir, 'site.env')
      fs.writeFileSync(file, envFileText(values))
      const again = siteSettings(readEnvFile(file), { domain: 'www.example.com', shared: sharedSettingsFrom({}) })
      expect(again.values.PAYLOAD_SECRET).toBe(SHARED.PAYLOAD_SECRET)
      expect([...sharedServices(again.values)]).toEqual(['database', 'redis'])
      expect(again.databasePassword).toBeUndefined()
      // As the instances' and migrations' sh reads it back.
      const script = `set -a && . ${file} && printf '%s\\n' "$DATABASE_URL"`
      expect(spawnSync('sh', ['-c', script], { encoding: 'utf8', timeout: 10_000 }).stdout).toBe(
        `${SHARED.DATABASE_URL}\n`,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    expect(
      siteSettings({ TRUST_PROXY: '127.0.0.1' }, { domain: 'www.example.com', trustProxy: '10.0.0.1' }).values
        .TRUST_PROXY,
    ).toBe('10.0.0.1')
    // Only Redis shared: the local database stays this machine's, with its password.
    const redisOnly = siteSettings(
      {},
      { domain: 'www.example.com', shared: sharedSettingsFrom({ REDIS_URL: SHARED.REDIS_URL }) },
    )
    expect(redisOnly.databasePassword).toEqual(expect.any(String))
    expect(localServiceUnits(sharedServices(redisOnly.values))).toEqual(['postgresql.service'])
  })

  it('refuses a malformed DATABASE_URL or REDIS_URL, naming it, before it changes anything', () => {
    expect(() => sharedSettingsFrom({ DATABASE_URL: 'pw@10.0.0.5/site' })).toThrow(/^DATABASE_URL is not a URL/)
    expect(() => sharedSettingsFrom({ DATABASE_URL: 'mysql://site@10.0.0.5/site' })).toThrow(
      /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    )
    expect(() => sharedSettingsFrom({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrow(
      /^REDIS_URL must start with redis:\/\//,
    )
    expect(() => sharedSettingsFrom({ REDIS_URL: 'redis://' })).toThrow(/^REDIS_URL names no host/)
    // The command itself, as root would run it: refused before it looks for the release or installs a package.
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'deploy/server/install.mjs'), '--domain', 'www.example.com'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, DATABASE_URL: 'postgres//site@10.0.0.5/site' },
      },
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(process.getuid?.() === 0 ? /DATABASE_URL is not a URL/ : /run it as root/)
    expect(result.stdout).toBe('')
  })

  it('refuses peers, proxies and addresses that are not ones, naming the option', () => {
    const refusal = (...args: string[]) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-render-'))
      try {
        const result = render('--render-only', dir, ...args)
        expect(result.status).toBe(1)
        return result.stderr
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    }
    expect(refusal('--peers', '10.0.0.2:3001,127.0.0.1:3002')).toMatch(
      /--peers: 127.0.0.1:3002 is where this machine's own/,
    )
    expect(refusal('--no-front', '--listen', 'ten.zero')).toMatch(/--listen: "ten.zero" is not an IPv4 or IPv6 address/)
    expect(refusal('--listen', '10.0.0.2')).toMatch(/--listen and --front-address are for a server without a front/)
    // The same checks, without a process each.
    expect(() => peersFrom('10.0.0.2', '--peers')).toThrow(/--peers: "10.0.0.2" is not host:port/)
    expect(() => peersFrom('10.0.0.2:99999', '--peers')).toThrow(/is not host:port/)
    expect(peersFrom('10.0.0.2:3001, app-b.internal:3002,[2001:db8::2]:3001', '--peers')).toEqual([
      '10.0.0.2:3001',
      'app-b.internal:3002',
      '[2001:db8::2]:3001',
    ])
    expect(() => proxyAddressesFrom('10.0.0.0/8,cdn.example.net', '--trusted-proxies')).toThrow(
      /--trusted-proxies: "cdn.example.net" is not an address or CIDR range/,
    )
    expect(proxyAddressesFrom('10.0.0.0/8, 2001:db8::/32,192.0.2.7', '--trusted-proxies')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.7',
    ])
  })
})
