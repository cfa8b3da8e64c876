// The server set-up (deploy/server/install.mjs) renders systemd units that systemd accepts: each
// app instance restarts when it ends, starts at boot, runs as the site's user and stops on SIGTERM.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { nginxConfText } from '../../deploy/lib/nginxConf.mjs'
import { pidWrittenIn, waitUntil } from '../../deploy/lib/processes.mjs'
import { dataFolders, ensureDir, FRONT_USER, frontFolders, LOG_GROUP } from '../../deploy/server/folders.mjs'
import { createRoleCall, SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import { afterStartSteps, readinessUrl } from '../../deploy/server/plan.mjs'
import { envFileText, mailSettingsFrom, mailWarning, siteSettings } from '../../deploy/server/siteEnv.mjs'
import { makeCertificate } from '../support/front'
import { freePort } from '../support/ports'
import { startTempPostgres } from '../support/postgres'

const ROOT = path.resolve(__dirname, '../..')
const INSTALL = path.join(ROOT, 'deploy', 'server', 'install.mjs')
const PORTS = [3101, 3102]

/** The most exposure (0 to 100, shown as 0.0 to 10.0) systemd may find in an instance's unit; it rates it 1.7. */
const INSTANCE_EXPOSURE_MAX = 20

/** Longest wait for nginx to start, write its log or stop. */
const NGINX_WAIT_MS = 10_000

let unitsDir: string
let instanceUnit: string

function render(...args: string[]) {
  return spawnSync(process.execPath, [INSTALL, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 })
}

/** systemd's own check of unit files (syntax, directives, executables); run where the files are. */
function verify(...units: string[]) {
  return spawnSync('systemd-analyze', ['verify', ...units.map((unit) => `./${unit}`)], {
    cwd: unitsDir,
    encoding: 'utf8',
    timeout: 30_000,
  })
}

beforeAll(() => {
  unitsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-units-'))
  const certificate = makeCertificate(unitsDir, 'www.example.com')
  // Rendered for this checkout, so that the command the unit starts exists here; nginx's folder is
  // the same one, so that `nginx -t` finds what the configuration names.
  const result = render(
    '--render-only',
    unitsDir,
    '--release-dir',
    ROOT,
    '--instances',
    PORTS.join(','),
    '--front-dir',
    unitsDir,
    '--domain',
    'www.example.com',
    '--tls-cert',
    certificate.cert,
    '--tls-key',
    certificate.key,
  )
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  instanceUnit = fs.readFileSync(path.join(unitsDir, 'site@.service'), 'utf8')
})

afterAll(() => fs.rmSync(unitsDir, { recursive: true, force: true }))

describe('the server units', () => {
  it('pass systemd-analyze verify, an instance and the target alike', () => {
    const result = verify(`site@${PORTS[0]}.service`, 'site.target')
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('an instance restarts whenever it ends, runs as the site user, and stops on SIGTERM', () => {
    expect(instanceUnit).toMatch(/^Restart=always$/m)
    expect(instanceUnit).toMatch(/^User=site$/m)
    expect(instanceUnit).toMatch(/^KillSignal=SIGTERM$/m)
    expect(instanceUnit).toMatch(/^Environment=.*\bPORT=%i\b/m)
    expect(instanceUnit).toMatch(new RegExp(`^ExecStart=${ROOT}/node_modules/.bin/node scripts/serve.mjs$`, 'm'))
  })

  it('writes only to the data folder and its own scratch folders; the data lives outside the code', () => {
    const writable = /^ReadWritePaths=(.*)$/m.exec(instanceUnit)?.[1].split(' ') ?? []
    expect(writable).toEqual(['/var/lib/site', `-${ROOT}/.tmp`, `-${ROOT}/.next/cache`])
    expect(instanceUnit).toMatch(/^ProtectSystem=strict$/m)
  })

  it("an instance's files are its own and its group's only, and it holds no capability, sees no other user's processes, opens only TCP and Unix sockets and makes only a service's system calls", () => {
    const directives = Object.fromEntries(
      [...instanceUnit.matchAll(/^([A-Za-z]+)=(.*)$/gm)].map(([, name, value]) => [name, value]),
    )
    expect(directives).toMatchObject({
      UMask: '0027',
      ProtectProc: 'invisible',
      RestrictAddressFamilies: 'AF_UNIX AF_INET AF_INET6',
      SystemCallFilter: '@system-service',
      CapabilityBoundingSet: '',
      NoNewPrivileges: 'yes',
      PrivateTmp: 'yes',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
    })
  })

  it(`systemd rates an instance's exposure at most ${INSTANCE_EXPOSURE_MAX / 10} of 10 (systemd-analyze security)`, () => {
    const result = spawnSync(
      'systemd-analyze',
      ['security', '--offline=true', `--threshold=${INSTANCE_EXPOSURE_MAX}`, `./site@${PORTS[0]}.service`],
      { cwd: unitsDir, encoding: 'utf8', timeout: 30_000 },
    )
    expect(result.stdout).toMatch(/Overall exposure level for site@3101\.service: \d\.\d/)
    expect(result.status).toBe(0)
  })

  it('an instance appends its output to its own log file under /var/log/site, which logrotate keeps to a size', () => {
    expect(instanceUnit).toMatch(/^StandardOutput=append:\/var\/log\/site\/app-%i\.log$/m)
    expect(instanceUnit).toMatch(/^StandardError=inherit$/m)
    const rules = fs.readFileSync(path.join(ROOT, 'deploy', 'logrotate', 'site'), 'utf8')
    expect(rules).toMatch(/^\/var\/log\/site\/\*\.log \{$/m)
    // logrotate's own check of the rules, on a copy pointed at a folder of this test with a log past the size.
    const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'site-logs-'))
    try {
      fs.writeFileSync(path.join(logs, 'app-3101.log'), Buffer.alloc(11 * 1024 * 1024, 'x'))
      fs.writeFileSync(path.join(logs, 'rules'), rules.replaceAll('/var/log/site', logs))
      const check = spawnSync('logrotate', ['--debug', '--state', path.join(logs, 'state'), path.join(logs, 'rules')], {
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(check.status).toBe(0)
      expect(check.stderr).toMatch(/log needs rotating/)
      expect(check.stderr).toMatch(/log->rotateCount is 3/)
      expect(check.stderr).not.toMatch(/error/i)
    } finally {
      fs.rmSync(logs, { recursive: true, force: true })
    }
  })

  it('the target starts every instance asked for, at boot', () => {
    const target = fs.readFileSync(path.join(unitsDir, 'site.target'), 'utf8')
    expect(target).toMatch(new RegExp(`^Wants=${PORTS.map((port) => `site@${port}\\.service`).join(' ')}$`, 'm'))
    expect(target).toMatch(/^WantedBy=multi-user.target$/m)
  })

  it('backs up once a day as the site user, into the backup folder, with the settings file beside the archive', () => {
    const result = verify('site-backup.service', 'site-backup.timer')
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
    const service = fs.readFileSync(path.join(unitsDir, 'site-backup.service'), 'utf8')
    expect(service).toMatch(/^User=site$/m)
    expect(service).toMatch(/^Environment=BACKUP_DIR=\/var\/backups\/site$/m)
    expect(service).toMatch(
      new RegExp(`^ExecStart=${ROOT}/node_modules/.bin/node scripts/backup.mjs --secrets /etc/site/site.env$`, 'm'),
    )
    expect(service).toMatch(/^ReadWritePaths=\/var\/backups\/site$/m)
    const timer = fs.readFileSync(path.join(unitsDir, 'site-backup.timer'), 'utf8')
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 03:15:00$/m)
    expect(timer).toMatch(/^Persistent=true$/m)
  })

  it("renews the front's certificate twice a day at a random moment, as root, writing only the certificates and the front's folder", () => {
    const result = verify('site-certificate.service', 'site-certificate.timer')
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
    const service = fs.readFileSync(path.join(unitsDir, 'site-certificate.service'), 'utf8')
    expect(service).not.toMatch(/^User=/m)
    expect(service).toMatch(/^EnvironmentFile=\/etc\/site\/site.env$/m)
    expect(service).toMatch(
      new RegExp(`^ExecStart=${ROOT}/node_modules/.bin/node deploy/server/certificate.mjs renew$`, 'm'),
    )
    expect(service).toMatch(new RegExp(`^ReadWritePaths=/etc/site/acme ${unitsDir}$`, 'm'))
    const timer = fs.readFileSync(path.join(unitsDir, 'site-certificate.timer'), 'utf8')
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 00,12:00:00$/m)
    expect(timer).toMatch(/^RandomizedDelaySec=1h$/m)
    expect(timer).toMatch(/^Persistent=true$/m)
  })

  it('a unit naming a command that does not exist fails the check (the check is real)', () => {
    const broken = instanceUnit.replace(/^ExecStart=.*$/m, 'ExecStart=/nonexistent/node scripts/serve.mjs')
    fs.writeFileSync(path.join(unitsDir, 'broken@.service'), broken)
    const result = verify(`broken@${PORTS[0]}.service`)
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/is not executable/)
  })
})

describe('the front on a server', () => {
  it("is the stack's nginx template rendered for 80 and 443 on every IPv4 and IPv6 address, and nginx accepts it (nginx -t)", () => {
    const conf = fs.readFileSync(path.join(unitsDir, 'nginx.conf'), 'utf8')
    expect(conf.match(/^\s*listen .*;$/gm)?.map((line) => line.trim())).toEqual([
      'listen 80 default_server;',
      'listen [::]:80 default_server;',
      'listen 443 ssl http2 default_server;',
      'listen [::]:443 ssl http2 default_server;',
    ])
    for (const port of PORTS) expect(conf).toContain(`server 127.0.0.1:${port} `)
    // Every release's build files, merged by the deploys (deploy/server/deploy.mjs), not one release's.
    expect(conf).toMatch(/^\s*alias \/opt\/site\/static\/;$/m)
    for (const dir of ['logs', 'nginx', 'cache']) fs.mkdirSync(path.join(unitsDir, dir), { recursive: true })
    const result = spawnSync('/usr/sbin/nginx', ['-t', '-p', `${unitsDir}/`, '-c', path.join(unitsDir, 'nginx.conf')], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.stderr).toMatch(/test is successful/)
    expect(result.status).toBe(0)
  })

  it("once the first instance answers ready, saves the site's maintenance page into the file the front's error_page names", () => {
    const conf = fs.readFileSync(path.join(unitsDir, 'nginx.conf'), 'utf8')
    const address = /^\s*error_page 502 503 504 (\S+);$/m.exec(conf)?.[1] ?? ''
    const location = conf.slice(conf.indexOf(`location = ${address} {`))
    const root = /^\s*root (\S+);$/m.exec(location)?.[1] ?? ''
    expect(afterStartSteps({ frontDir: unitsDir }, PORTS)).toEqual([
      expect.objectContaining({ kind: 'waitReady', port: PORTS[0], url: readinessUrl(PORTS[0]) }),
      { kind: 'maintenancePage', port: PORTS[0], file: path.join(root, address) },
    ])
  })

  it('asks the app for uploaded files, and keeps them in its cache, when uploads live in S3 (nginx -t)', () => {
    const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-front-s3-'))
    try {
      const rendered = render(
        '--render-only',
        bucketDir,
        '--release-dir',
        ROOT,
        '--instances',
        PORTS.join(','),
        '--front-dir',
        bucketDir,
        '--tls-cert',
        path.join(unitsDir, 'cert.pem'),
        '--tls-key',
        path.join(unitsDir, 'key.pem'),
        '--uploads-in-bucket',
      )
      expect(rendered.stderr).toBe('')
      const conf = fs.readFileSync(path.join(bucketDir, 'nginx.conf'), 'utf8')
      const media = conf.slice(conf.indexOf('location ~ ^/api/media/file/'))
      const location = media.slice(0, media.indexOf('\n        }'))
      expect(location).toMatch(/^\s*proxy_pass http:\/\/app;$/m)
      expect(location).toMatch(/^\s*proxy_cache pages;$/m)
      expect(location).not.toMatch(/^\s*(root|try_files) /m)
      // Each header the location adds is dropped from the app's answer, so none is sent twice.
      for (const [, header] of location.matchAll(/^\s*add_header ([\w-]+) /gm))
        if (header !== 'X-Cache-Status') expect(location).toContain(`proxy_hide_header ${header};`)
      for (const dir of ['logs', 'nginx', 'cache']) fs.mkdirSync(path.join(bucketDir, dir), { recursive: true })
      const checked = spawnSync(
        '/usr/sbin/nginx',
        ['-t', '-p', `${bucketDir}/`, '-c', path.join(bucketDir, 'nginx.conf')],
        {
          encoding: 'utf8',
          timeout: 30_000,
        },
      )
      expect(checked.stderr).toMatch(/test is successful/)
      expect(checked.status).toBe(0)
    } finally {
      fs.rmSync(bucketDir, { recursive: true, force: true })
    }
  })

  it('runs as a unit systemd accepts, reloaded without a stop and stopped gracefully', () => {
    const result = verify('site-front.service')
    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
    const unit = fs.readFileSync(path.join(unitsDir, 'site-front.service'), 'utf8')
    expect(unit).toMatch(/^ExecReload=.* -s reload$/m)
    expect(unit).toMatch(/^KillSignal=SIGQUIT$/m)
    expect(unit).toMatch(/^Restart=always$/m)
  })
})

/** Runs `script` in sh as `user` (this suite runs as root, as install does). */
const as = (user: string, script: string) =>
  spawnSync('runuser', ['-u', user, '--', 'sh', '-c', script], { encoding: 'utf8', timeout: 10_000 })

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

describe("the front's logs on a server", () => {
  let frontDir: string
  let logsDir: string
  let httpPort: number
  let pid: number

  /** A plain-HTTP GET of `target` (the front answers it with a redirect to https, and logs it). */
  const get = (target: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: httpPort, path: target, timeout: 10_000 }, (response) => {
        response.resume()
        resolve(response.statusCode!)
      })
      request.on('timeout', () => request.destroy(new Error(`no answer from the front for ${target}`)))
      request.on('error', reject)
    })

  const accessLog = () => path.join(logsDir, 'access.log')
  const logText = () => (fs.existsSync(accessLog()) ? fs.readFileSync(accessLog(), 'utf8') : '')

  /** Has nginx write out its buffered access log (it reopens its logs on USR1), and waits for `line`. */
  async function flushedUntil(line: RegExp) {
    process.kill(pid, 'SIGUSR1')
    await waitUntil(() => line.test(logText()), NGINX_WAIT_MS, `the front's access log holding ${line}`)
  }

  beforeAll(async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'site-front-logs-'))
    fs.chmodSync(base, 0o755)
    frontDir = path.join(base, 'front')
    fs.mkdirSync(frontDir, { mode: 0o755 })
    // The folders as install makes them; the configuration as a server's, on loopback ports of this test.
    for (const { dir, ...access } of frontFolders(frontDir)) ensureDir(dir, access)
    logsDir = path.join(frontDir, 'logs')
    const certificate = makeCertificate(frontDir, 'www.example.com')
    httpPort = await freePort()
    const conf = path.join(frontDir, 'nginx.conf')
    fs.writeFileSync(
      conf,
      nginxConfText({
        asRoot: true,
        listenAddresses: ['127.0.0.1:'],
        port: httpPort,
        httpsPort: await freePort(),
        tlsCert: certificate.cert,
        tlsKey: certificate.key,
        acmeDir: path.join(frontDir, 'acme'),
        staticDir: path.join(frontDir, 'static'),
        prefixDir: frontDir,
        mediaDir: path.join(frontDir, 'media'),
        appPorts: [await freePort()],
      }),
    )
    // Started as site-front.service starts it, with the unit's umask.
    const unit = fs.readFileSync(path.join(unitsDir, 'site-front.service'), 'utf8')
    const umask = /^UMask=(\d+)$/m.exec(unit)?.[1]
    expect(umask).toBe('0027')
    const started = spawnSync('sh', ['-c', `umask ${umask} && exec /usr/sbin/nginx -p ${frontDir}/ -c ${conf}`], {
      encoding: 'utf8',
      timeout: NGINX_WAIT_MS,
    })
    expect(started.stderr).toBe('')
    expect(started.status).toBe(0)
    const pidFile = path.join(frontDir, 'nginx.pid')
    await waitUntil(() => pidWrittenIn(pidFile) > 0, NGINX_WAIT_MS, 'nginx writing its pid file')
    pid = pidWrittenIn(pidFile)
  })

  afterAll(async () => {
    if (pid) {
      process.kill(pid, 'SIGTERM')
      await waitUntil(
        () => {
          try {
            process.kill(pid, 0)
            return false
          } catch {
            return true
          }
        },
        NGINX_WAIT_MS,
        `nginx ${pid} ending`,
      )
    }
    if (frontDir) fs.rmSync(path.dirname(frontDir), { recursive: true, force: true })
  })

  it('logs a password-reset address with its token replaced, and every other address as it came', async () => {
    const TOKEN = '3f9c1d0e8b7a6f5e4d3c2b1a09f8e7d6c5b4a392'
    expect(await get(`/admin/reset/${TOKEN}`)).toBe(301)
    expect(await get(`/admin/reset/${TOKEN}?_rsc=1x2y3`)).toBe(301)
    expect(await get(`//admin//reset/${TOKEN}/`)).toBe(301)
    expect(await get('/admin/account?tab=password')).toBe(301)
    expect(await get('/services/tax-search?ref=footer')).toBe(301)
    await flushedUntil(/\/services\/tax-search/)
    const lines = logText().trim().split('\n')
    expect(lines.map((line) => /"(GET \S+ HTTP\/1\.1)"/.exec(line)?.[1])).toEqual([
      'GET /admin/reset/[token] HTTP/1.1',
      'GET /admin/reset/[token]?_rsc=1x2y3 HTTP/1.1',
      'GET //admin//reset/[token]/ HTTP/1.1',
      'GET /admin/account?tab=password HTTP/1.1',
      'GET /services/tax-search?ref=footer HTTP/1.1',
    ])
    expect(logText()).not.toContain(TOKEN)
    // The rest of the line is as before: address, time, status, bytes, timings, cache status.
    expect(lines[0]).toMatch(/^127\.0\.0\.1 \[[^\]]+\] "GET \S+ HTTP\/1\.1" 301 \d+ [\d.]+ - -$/)
  })

  it('keeps its logs from every user but root, nginx and the log readers (adm): each log 0640, the folder not listed', () => {
    const folder = fs.statSync(logsDir)
    expect(folder.mode & 0o7777).toBe(0o2751)
    expect(folder.uid).toBe(0)
    const admGid = Number(spawnSync('getent', ['group', LOG_GROUP], { encoding: 'utf8' }).stdout.split(':')[2])
    expect(folder.gid).toBe(admGid)
    for (const name of ['access.log', 'nginx-error.log']) {
      const log = fs.statSync(path.join(logsDir, name))
      expect(log.mode & 0o777).toBe(0o640)
      expect(log.gid).toBe(admGid)
    }
    expect(as('nobody', `cat ${accessLog()}`).status).not.toBe(0)
    expect(as('nobody', `ls ${logsDir}`).status).not.toBe(0)
  })

  it('after logrotate (deploy/logrotate/site), nginx writes on into a new log that is just as private', async () => {
    const rules = fs.readFileSync(path.join(ROOT, 'deploy', 'logrotate', 'site'), 'utf8')
    const front = rules.slice(rules.indexOf('/var/lib/site-front/logs/*.log {'))
    const ruleFile = path.join(path.dirname(frontDir), 'rules')
    // This nginx is no systemd unit: its reopen signal goes to its pid.
    fs.writeFileSync(
      ruleFile,
      front
        .replaceAll('/var/lib/site-front/logs', logsDir)
        .replace(/^\s*systemctl kill --signal=USR1 .*$/m, `        kill -USR1 ${pid}`),
    )
    const rotated = spawnSync(
      'logrotate',
      ['--force', '--state', path.join(path.dirname(frontDir), 'state'), ruleFile],
      { encoding: 'utf8', timeout: 30_000 },
    )
    expect(rotated.stderr).toBe('')
    expect(rotated.status).toBe(0)
    expect(fs.readFileSync(path.join(logsDir, 'access.log.1'), 'utf8')).toMatch(/\/services\/tax-search/)
    expect(await get('/admin/reset/a-later-token')).toBe(301)
    await flushedUntil(/reset\/\[token\]/)
    expect(logText()).not.toContain('a-later-token')
    const log = fs.statSync(accessLog())
    expect(log.mode & 0o777).toBe(0o640)
    expect(spawnSync('stat', ['-c', '%U:%G', accessLog()], { encoding: 'utf8' }).stdout.trim()).toBe(
      `${FRONT_USER}:${LOG_GROUP}`,
    )
    expect(as('nobody', `cat ${accessLog()}`).status).not.toBe(0)
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
