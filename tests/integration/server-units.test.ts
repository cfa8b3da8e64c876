// The server set-up (deploy/server/install.mjs) renders systemd units that systemd accepts: each
// app instance restarts when it ends, starts at boot, runs as the site's user and stops on SIGTERM.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localServiceUnits } from '../../deploy/server/installSystem.mjs'
import { installedInstances, SERVER_LAYOUT, unitFiles } from '../../deploy/server/layout.mjs'
import { instanceUnit, PORTS, renderServerFiles, ROOT, unitsDir, verify } from '../support/serverInstall'

/** The most exposure (0 to 100, shown as 0.0 to 10.0) systemd may find in an instance's unit; it rates it 1.7. */
const INSTANCE_EXPOSURE_MAX = 20

renderServerFiles()

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

describe('the units of a server without a front, whose instances another server serves', () => {
  it('listen where --listen says, start after no local database or Redis when those are shared, and the deploy finds them by its units', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-units-app-'))
    try {
      const written = unitFiles({
        releaseDir: ROOT,
        user: 'site',
        envFile: SERVER_LAYOUT.envFile,
        dataDir: SERVER_LAYOUT.dataDir,
        backupDir: SERVER_LAYOUT.backupDir,
        frontDir: SERVER_LAYOUT.frontDir,
        ports: [3743, 3744],
        instanceAddress: '10.0.0.2',
        localServices: localServiceUnits(new Set(['database', 'redis'])),
      })
      for (const [name, text] of Object.entries(written)) fs.writeFileSync(path.join(dir, name), text)
      const unit = written['site@.service']
      expect(unit).toMatch(/^Environment=NODE_ENV=production HOST=10\.0\.0\.2 PORT=%i$/m)
      expect(unit).toMatch(/^After=network-online\.target$/m)
      expect(unit).toMatch(/^Wants=network-online\.target$/m)
      // Everything local, as before: the instances wait for this machine's PostgreSQL and Redis.
      expect(instanceUnit).toMatch(/^After=network-online\.target postgresql\.service redis-server\.service$/m)
      expect(instanceUnit).toMatch(/^Environment=NODE_ENV=production HOST=127\.0\.0\.1 PORT=%i$/m)
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null)
      expect(installedInstances({ systemdDir: dir, instanceAddress: '127.0.0.1' }, read)).toEqual({
        ports: [3743, 3744],
        address: '10.0.0.2',
      })
      const checked = spawnSync('systemd-analyze', ['verify', './site@3743.service', './site.target'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(checked.stdout + checked.stderr).toBe('')
      expect(checked.status).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
