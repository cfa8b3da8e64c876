// The stack's front: nginx, its configuration, and the certificate it serves.
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { run } from '../../scripts/lib/bootstrap.mjs'
import {
  ACME_DIR,
  APP_PORTS,
  FRONT_HTTPS_PORT,
  FRONT_PORT,
  FRONT_URL,
  MEDIA_DIR,
  NGINX,
  NGINX_ARGS,
  NGINX_CONF,
  NGINX_RELOAD_SETTLE_MS,
  OPENSSL,
  OWN_TLS_FILES,
  SELF_SIGNED_DAYS,
  SERVICE_START_TIMEOUT_MS,
  STATE_DIR,
  STATIC_DIR,
  TLS_CERT,
  TLS_DIR,
  TLS_KEY,
} from './config.mjs'
import { nginxConfText } from './nginxConf.mjs'
import { pidWrittenIn, recordOf, sleep, waitUntil } from './processes.mjs'

/**
 * The operator's own certificate and key (STACK_TLS_CERT, STACK_TLS_KEY), or else a self-signed one
 * for 127.0.0.1 and localhost, made once in STATE_DIR/tls and kept for later starts.
 */
export function ensureTlsCertificate() {
  if (OWN_TLS_FILES) {
    for (const file of [TLS_CERT, TLS_KEY]) {
      if (!fs.existsSync(file)) throw new Error(`${file} (STACK_TLS_CERT / STACK_TLS_KEY) does not exist`)
    }
    return
  }
  if (fs.existsSync(TLS_CERT) && fs.existsSync(TLS_KEY)) return
  console.log('> Making a self-signed certificate for 127.0.0.1 and localhost…')
  fs.mkdirSync(TLS_DIR, { recursive: true })
  // P-256: the quickest handshake of the keys every client takes.
  run(
    OPENSSL,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', TLS_KEY, '-out', TLS_CERT, '-days', String(SELF_SIGNED_DAYS), '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-addext', 'extendedKeyUsage=serverAuth'],
    ],
    { stdio: 'pipe' },
  )
  fs.chmodSync(TLS_KEY, 0o600)
}

/**
 * Whether the front answers `pathname` with a 2xx over https. The stack's own certificate is
 * checked; the operator's names the server, not the 127.0.0.1 asked here, so it is not.
 * @param {string} pathname
 * @returns {Promise<boolean>}
 */
export function frontAnswersOk(pathname) {
  const tls = OWN_TLS_FILES ? { rejectUnauthorized: false } : { ca: fs.readFileSync(TLS_CERT) }
  return new Promise((resolve) => {
    const request = https.get(`${FRONT_URL}${pathname}`, { ...tls, timeout: 5_000 }, (response) => {
      response.resume()
      const status = response.statusCode ?? 0
      resolve(status >= 200 && status < 300)
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(false))
  })
}

/**
 * Renders nginx.conf; the instances on the `down` ports get no new request (a deploy is replacing them).
 * @param {{ down?: number[] }} [options]
 */
export function renderNginxConf({ down = [] } = {}) {
  const conf = nginxConfText({
    asRoot: process.getuid?.() === 0,
    listenAddresses: ['127.0.0.1:'],
    port: FRONT_PORT,
    httpsPort: FRONT_HTTPS_PORT,
    tlsCert: TLS_CERT,
    tlsKey: TLS_KEY,
    acmeDir: ACME_DIR,
    staticDir: STATIC_DIR,
    prefixDir: STATE_DIR,
    mediaDir: MEDIA_DIR,
    // The instances inherit this shell's settings (appEnv), S3_BUCKET among them.
    uploadsInBucket: Boolean(process.env.S3_BUCKET?.trim()),
    appPorts: APP_PORTS,
    down,
  })
  fs.writeFileSync(NGINX_CONF, conf)
}

/**
 * Applies a new nginx.conf without a stop: checked first, then nginx's new workers take new
 * requests while the old ones finish theirs. Waits until the new workers can have started.
 * @param {{ down?: number[] }} [options]
 */
export async function reloadNginx(options) {
  renderNginxConf(options)
  run(NGINX, ['-t', '-q', ...NGINX_ARGS])
  run(NGINX, [...NGINX_ARGS, '-s', 'reload'])
  await sleep(NGINX_RELOAD_SETTLE_MS)
}

export async function startNginx() {
  for (const dir of ['nginx', 'cache']) fs.mkdirSync(path.join(STATE_DIR, dir), { recursive: true })
  fs.mkdirSync(ACME_DIR, { recursive: true })
  ensureTlsCertificate()
  renderNginxConf()
  run(NGINX, ['-t', '-q', ...NGINX_ARGS])
  const pidFile = path.join(STATE_DIR, 'nginx.pid')
  fs.rmSync(pidFile, { force: true })
  // nginx puts itself in the background and writes its pid file.
  run(NGINX, NGINX_ARGS)
  await waitUntil(() => pidWrittenIn(pidFile) > 0, SERVICE_START_TIMEOUT_MS, 'nginx writing its pid file')
  return recordOf(pidWrittenIn(pidFile))
}
