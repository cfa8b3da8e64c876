// The front on a server as install renders it: its nginx configuration (nginx -t), its unit, and,
// started as its unit starts it, its private access logs with password-reset tokens hidden.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nginxConfText, upstreamPeers, upstreamPorts, withUpstreamsDown } from '../../deploy/lib/nginxConf.mjs'
import { pidWrittenIn, waitUntil } from '../../deploy/lib/processes.mjs'
import { ensureDir, FRONT_USER, frontFolders, LOG_GROUP } from '../../deploy/server/folders.mjs'
import { afterStartSteps, readinessUrl } from '../../deploy/server/plan.mjs'
import { makeCertificate } from '../support/front'
import { freePort } from '../support/ports'
import { as, PORTS, render, renderServerFiles, ROOT, unitsDir, verify } from '../support/serverInstall'

/** Longest wait for nginx to start, write its log or stop. */
const NGINX_WAIT_MS = 10_000

renderServerFiles()

/** `nginx -t` on the configuration rendered into `dir` (nginx's prefix folder, its subfolders made). */
function nginxAccepts(dir: string) {
  for (const sub of ['logs', 'nginx', 'cache']) fs.mkdirSync(path.join(dir, sub), { recursive: true })
  const result = spawnSync('/usr/sbin/nginx', ['-t', '-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(result.stderr).toMatch(/test is successful/)
  expect(result.status).toBe(0)
}

/** install.mjs --render-only into a new folder, as for this checkout, with `args` added; the folder. */
function renderedWith(...args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-front-'))
  const rendered = render(
    '--render-only',
    dir,
    '--release-dir',
    ROOT,
    '--instances',
    PORTS.join(','),
    '--front-dir',
    dir,
    '--tls-cert',
    path.join(unitsDir, 'cert.pem'),
    '--tls-key',
    path.join(unitsDir, 'key.pem'),
    ...args,
  )
  expect(rendered.stderr).toBe('')
  return dir
}

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
    nginxAccepts(unitsDir)
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
    const bucketDir = renderedWith('--uploads-in-bucket')
    try {
      const conf = fs.readFileSync(path.join(bucketDir, 'nginx.conf'), 'utf8')
      const media = conf.slice(conf.indexOf('location ~ ^/api/media/file/'))
      const location = media.slice(0, media.indexOf('\n        }'))
      expect(location).toMatch(/^\s*proxy_pass http:\/\/app;$/m)
      expect(location).toMatch(/^\s*proxy_cache pages;$/m)
      expect(location).not.toMatch(/^\s*(root|try_files) /m)
      // Each header the location adds is dropped from the app's answer, so none is sent twice.
      for (const [, header] of location.matchAll(/^\s*add_header ([\w-]+) /gm))
        if (header !== 'X-Cache-Status') expect(location).toContain(`proxy_hide_header ${header};`)
      nginxAccepts(bucketDir)
    } finally {
      fs.rmSync(bucketDir, { recursive: true, force: true })
    }
  })

  it("sends visitors to other servers' instances after its own, and a deploy takes only its own out (nginx -t)", () => {
    const PEERS = ['10.0.0.2:3001', '[2001:db8::2]:3001']
    const dir = renderedWith('--peers', PEERS.join(','))
    try {
      const conf = fs.readFileSync(path.join(dir, 'nginx.conf'), 'utf8')
      const upstream = conf.slice(conf.indexOf('upstream app {'), conf.indexOf('keepalive 32;'))
      expect(upstream.match(/^\s*server \S+/gm)?.map((line) => line.trim())).toEqual([
        ...PORTS.map((port) => `server 127.0.0.1:${port}`),
        ...PEERS.map((peer) => `server ${peer}`),
      ])
      // The deploy restarts this machine's instances; the peers are their own servers' deploys'.
      expect(upstreamPorts(conf)).toEqual(PORTS)
      expect(upstreamPeers(conf)).toEqual(PEERS)
      const down = withUpstreamsDown(conf, [PORTS[0]])
      expect(down).toContain(`server 127.0.0.1:${PORTS[0]} max_fails=1 fail_timeout=5s down;`)
      for (const peer of PEERS) expect(down).toContain(`server ${peer} max_fails=1 fail_timeout=5s;`)
      expect(upstreamPeers(withUpstreamsDown(down, []))).toEqual(PEERS)
      nginxAccepts(dir)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
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
