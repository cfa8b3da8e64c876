// Debian's nginx as the site's production front, started from the rendered template, for the
// suites that check what the front itself answers (uploads from the bucket or from a folder).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { nginxConfText } from '../../deploy/lib/nginxConf.mjs'
import { pidWrittenIn, waitUntil } from '../../deploy/lib/processes.mjs'

const NGINX = '/usr/sbin/nginx'
/** Longest wait for nginx to start or stop. */
const NGINX_WAIT_MS = 15_000

/** A self-signed certificate in `dir` for `commonName` (and an alternative name), as certbot's would be named. */
export function makeCertificate(dir: string, commonName: string, altName?: string) {
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  const subject = ['-subj', `/CN=${commonName}`, ...(altName ? ['-addext', `subjectAltName=${altName}`] : [])]
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      ...subject,
    ]),
    { encoding: 'utf8', timeout: 30_000 },
  )
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`)
  return { cert, key }
}

/** Where the front takes uploads from: the bucket (through the app), or a folder it reads itself. */
export type FrontMedia = { inBucket: true } | { folder: string }

/**
 * Debian's nginx as the production front (deploy/nginx.conf.template) before the app on `appPort`,
 * on `port` (HTTP) and `httpsPort`, with uploads in the bucket or in a folder `media.folder` names;
 * `trustedProxies`: the proxies before it whose X-Forwarded-For names the visitor (install --trusted-proxies).
 * The folder must be readable by nginx's workers (www-data, run as root); `stop` ends nginx and removes its own folder.
 */
export async function startFront({
  appPort,
  port,
  httpsPort,
  media,
  trustedProxies = [],
}: {
  appPort: number
  port: number
  httpsPort: number
  media: FrontMedia
  trustedProxies?: string[]
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-front-'))
  const { cert, key } = makeCertificate(dir, '127.0.0.1', 'IP:127.0.0.1')
  const asRoot = process.getuid?.() === 0
  // mkdtemp makes the folder its owner's alone; nginx's workers must reach their cache below it.
  fs.chmodSync(dir, 0o755)
  for (const sub of ['nginx', 'cache', 'logs', 'acme', 'static']) fs.mkdirSync(path.join(dir, sub))
  // Run as root, nginx's workers are www-data, and write its temporary files and cache.
  if (asRoot) for (const sub of ['nginx', 'cache']) spawnSync('chown', ['www-data:www-data', path.join(dir, sub)])
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(
    conf,
    nginxConfText({
      asRoot,
      listenAddresses: ['127.0.0.1:'],
      port,
      httpsPort,
      tlsCert: cert,
      tlsKey: key,
      acmeDir: path.join(dir, 'acme'),
      staticDir: path.join(dir, 'static'),
      prefixDir: dir,
      mediaDir: 'folder' in media ? media.folder : path.join(dir, 'no-uploads-here'),
      uploadsInBucket: 'inBucket' in media,
      appPorts: [appPort],
      trustedProxies,
    }),
  )
  const args = ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'logs', 'nginx-error.log')]
  const started = spawnSync(NGINX, args, { encoding: 'utf8', timeout: NGINX_WAIT_MS })
  if (started.status !== 0) throw new Error(`nginx did not start: ${started.stderr}`)
  const pidFile = path.join(dir, 'nginx.pid')
  await waitUntil(() => pidWrittenIn(pidFile) > 0, NGINX_WAIT_MS, 'nginx writing its pid file')
  const pid = pidWrittenIn(pidFile)
  const ca = fs.readFileSync(cert)
  return {
    /** nginx's prefix folder: its nginx.conf, and acme/, which plain HTTP serves at /.well-known/acme-challenge/. */
    dir,
    /** Has nginx check and take its configuration again (new workers; the old ones finish what they serve). */
    reloadCommand: [NGINX, ...args, '-s', 'reload'].join(' '),
    /**
     * A GET over https, with its status, headers (each as nginx sent it) and body; `from`: the
     * loopback address it comes from (127.0.0.1 unless told, any of 127.0.0.0/8).
     */
    get: (target: string, headers: Record<string, string> = {}, from?: string) =>
      new Promise<{ status: number; headers: Record<string, string[]>; body: Buffer }>((resolve, reject) => {
        const request = https.get(
          { host: '127.0.0.1', port: httpsPort, path: target, ca, headers, timeout: 10_000, localAddress: from },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => {
              const all: Record<string, string[]> = {}
              for (let i = 0; i < response.rawHeaders.length; i += 2)
                (all[response.rawHeaders[i].toLowerCase()] ??= []).push(response.rawHeaders[i + 1])
              resolve({ status: response.statusCode!, headers: all, body: Buffer.concat(chunks) })
            })
          },
        )
        request.on('timeout', () => request.destroy(new Error(`no answer from the front for ${target}`)))
        request.on('error', reject)
      }),
    stop: async () => {
      process.kill(pid, 'SIGTERM')
      const deadline = Date.now() + NGINX_WAIT_MS
      for (;;) {
        try {
          process.kill(pid, 0)
        } catch {
          break
        }
        if (Date.now() > deadline) throw new Error(`nginx ${pid} outlived SIGTERM`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
