// The reference every speed here is compared with: Debian's nginx (one worker unless told more) serving
// copies of pages saved from the running site, each with a brotli (quality 11) and a gzip -9 copy beside it
// (brotli_static, gzip_static), as the front has for the build's files. Given `tls`
// (a certificate and key), it answers over https with HTTP/2 and the front's TLS settings, so a
// comparison with the https front pays the same encryption on both sides.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { NGINX_BROTLI_STATIC_MODULE } from '../../deploy/lib/config.mjs'
import { PRECOMPRESSED_COPIES } from '../../deploy/lib/staticFiles.mjs'

export const NGINX = '/usr/sbin/nginx'

const IMAGE_FILE = /\.(webp|avif|png|jpe?g)$/

/** nginx's file name for a page: `/` is index.html, `/pricing` the file `pricing`, an upload its own path. */
const fileOf = (/** @type {string} */ page) => (page === '/' ? 'index.html' : page.slice(1))

/**
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`)
}

/**
 * The TLS lines of deploy/nginx.conf.template's https server.
 * @param {{ cert: string, key: string }} tls
 */
const tlsLines = ({ cert, key }) => `
        ssl_certificate ${cert};
        ssl_certificate_key ${key};
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;
        ssl_prefer_server_ciphers off;
        ssl_session_cache shared:TLS:10m;
        ssl_session_timeout 1d;
        ssl_session_tickets off;`

/**
 * Saves `pages` from `appOrigin` into `dir` and serves them on `port` (over https with `tls`), with
 * `workers` worker processes (nginx's `auto` is one per core, as the front runs); returns the
 * function that stops it.
 * @param {object} server
 * @param {string} server.appOrigin
 * @param {string[]} server.pages
 * @param {string} server.dir
 * @param {number} server.port
 * @param {{ cert: string, key: string }} [server.tls] without it, plain HTTP
 * @param {number | 'auto'} [server.workers]
 * @returns {Promise<() => void>}
 */
export async function startStaticNginx({ appOrigin, pages, dir, port, tls, workers = 1 }) {
  const args = ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, 'pages'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'temp'))
  for (const page of pages) {
    const response = await fetch(appOrigin + page, { headers: { 'accept-encoding': 'identity' } })
    if (!response.ok) throw new Error(`${page} answered ${response.status}`)
    const html = Buffer.from(await response.arrayBuffer())
    const file = path.join(dir, 'pages', fileOf(page))
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, html)
    // An image is compressed already: the front sends it as it is, and so does this.
    if (IMAGE_FILE.test(file)) continue
    // The same copies the front's build files get (deploy/lib/staticFiles.mjs).
    for (const [suffix, compress] of Object.entries(PRECOMPRESSED_COPIES))
      fs.writeFileSync(`${file}${suffix}`, compress(html))
  }
  const user = process.getuid?.() === 0 ? 'user www-data;' : ''
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${NGINX_BROTLI_STATIC_MODULE};
${user}
worker_processes ${workers};
pid nginx.pid;
events { worker_connections 1024; }
http {
    types {}
    default_type text/html;
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path temp/body;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
    server {
        listen 127.0.0.1:${port}${tls ? ' ssl http2' : ''};${tls ? tlsLines(tls) : ''}
        root pages;
        brotli_static on;
        gzip_static on;
        gzip_vary on;
        open_file_cache max=100;
    }
}
`,
  )
  run(NGINX, args)
  return () => {
    if (fs.existsSync(path.join(dir, 'nginx.pid'))) spawnSync(NGINX, [...args, '-s', 'quit'])
  }
}
