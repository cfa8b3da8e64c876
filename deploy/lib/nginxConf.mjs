// The front's nginx.conf, from deploy/nginx.conf.template: one template for the local stack
// (deploy/lib/stackFront.mjs) and for a server (deploy/server/install.mjs), each filling in its own
// ports, folders and certificate.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { NGINX_BROTLI_STATIC_MODULE } from './config.mjs'
import { LOCAL_INSTANCE_HOST, realIpLines } from './frontNeighbours.mjs'
import { MAINTENANCE_PAGE_NAME } from './maintenancePage.mjs'
import { renderTemplate } from './template.mjs'
import { appDirOf, firstSegmentsOf, fixedSegmentsOf, readRouteTable } from '../../src/server/routes/routeTable.mjs'

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const NGINX_TEMPLATE = path.join(HERE, '..', 'nginx.conf.template')
/** The app whose routes the front passes on: the checkout or release this file is part of. */
const APP_DIR = appDirOf(path.join(HERE, '..', '..'))

/** The group of the app's own routes for visitors (src/app/(site)); the admin's and Payload's have locations of their own. */
const SITE_GROUP = '(site)'
/** The first segment of every API route. */
const API_SEGMENT = 'api'

/**
 * What the front's locations name from the app's routes (src/server/routes/routeTable.mjs):
 * `pagesMadePerRequest`, the first segments of the pages of their own (the search results, the
 * chat link, the agents' console: the content's pages are the catch-all, which the micro-cache
 * serves), kept out of the micro-cache and its lock; `siteEndpoints`, the site's own API routes
 * (the next segment after /api/), which keep the small body size.
 * @param {import('../../src/server/routes/routeTable.mjs').Route[]} table
 * @returns {{ pagesMadePerRequest: string[], siteEndpoints: string[] }}
 */
export function routeLocationsOf(table) {
  const pages = table.filter((route) => route.kind === 'page' && route.group !== '(payload)')
  const endpoints = table
    .filter((route) => route.kind === 'handler' && route.group === SITE_GROUP)
    .map((route) => fixedSegmentsOf(route))
    .filter((segments) => segments[0] === API_SEGMENT && segments.length > 1)
  return {
    pagesMadePerRequest: firstSegmentsOf(pages).filter((segment) => segment !== API_SEGMENT),
    siteEndpoints: [...new Set(endpoints.map((segments) => segments[1]))].sort(),
  }
}

/**
 * `a|b|c` for a location's regular expression, each name's own characters escaped.
 * @param {string[]} names
 */
const alternation = (names) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')

/** The headers the media location adds itself, so the app's copies are dropped (not sent twice). */
const MEDIA_LOCATION_HEADERS = [
  'Strict-Transport-Security',
  'Cache-Control',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Content-Security-Policy',
]

/**
 * Where the front takes uploaded files from. From the shared uploads folder: nginx reads them
 * itself, with ETag and Last-Modified in the form the app gives them too (src/server/mediaFiles.ts),
 * so either answers a revalidation with 304; a file not there (yet) is asked of the app, which
 * answers 404; an SVG's gzip copy, written beside it at upload (src/content/media/precompress.ts), is
 * sent as it is. From the S3 bucket (S3_BUCKET set): the app reads the object, and the front keeps
 * the answer as long as its Cache-Control allows (a year at a versioned address, not at all
 * without a version), and serves it while the app or the bucket fails.
 * @param {{ mediaDir: string, uploadsInBucket: boolean }} source
 */
function mediaSource({ mediaDir, uploadsInBucket }) {
  const lines = uploadsInBucket
    ? [
        'proxy_pass http://app;',
        'proxy_cache pages;',
        'proxy_cache_key $encoding_class|$scheme://$host$request_uri;',
        'proxy_ignore_headers Vary;',
        'proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;',
        'proxy_cache_lock on;',
        'proxy_cache_lock_timeout 2s;',
        'proxy_cache_revalidate on;',
        ...MEDIA_LOCATION_HEADERS.map((header) => `proxy_hide_header ${header};`),
        'add_header X-Cache-Status $upstream_cache_status always;',
      ]
    : [
        `root ${mediaDir};`,
        // A link in the uploads folder is never followed (the app refuses one too, src/server/mediaFiles.ts).
        'disable_symlinks on from=$document_root;',
        'try_files /$1 @media_from_app;',
        'gzip_static on;',
        'open_file_cache max=2000 inactive=60s;',
        'open_file_cache_valid 5s;',
      ]
  return lines.map((line) => `            ${line}`).join('\n')
}

/**
 * One app instance in the front's upstream, at `address` (`host:port`); `down`: it gets no new
 * request (a deploy is replacing it).
 * @param {string} address
 * @param {boolean} down
 */
const upstreamLine = (address, down) => `        server ${address} max_fails=1 fail_timeout=5s${down ? ' down' : ''};`
const UPSTREAM_LINE = /^ {8}server (\S+):(\d+) max_fails=1 fail_timeout=5s( down)?;$/gm

/**
 * The ports of this machine's app instances (on 127.0.0.1) a rendered configuration sends requests
 * to, in its order; other servers' instances (peers) are their own deploys' to restart.
 * @param {string} conf
 * @returns {number[]}
 */
export const upstreamPorts = (conf) =>
  [...conf.matchAll(UPSTREAM_LINE)].filter((match) => match[1] === LOCAL_INSTANCE_HOST).map((match) => Number(match[2]))

/**
 * The instances of other servers (`host:port`) a rendered configuration sends requests to, in its order.
 * @param {string} conf
 * @returns {string[]}
 */
export const upstreamPeers = (conf) =>
  [...conf.matchAll(UPSTREAM_LINE)]
    .filter((match) => match[1] !== LOCAL_INSTANCE_HOST)
    .map((match) => `${match[1]}:${match[2]}`)

/**
 * A rendered configuration with this machine's instances on the `down` ports out of the upstream,
 * and the others in; other servers' instances as they were.
 * @param {string} conf
 * @param {number[]} down
 * @returns {string}
 */
export const withUpstreamsDown = (conf, down) =>
  conf.replace(UPSTREAM_LINE, (/** @type {string} */ line, /** @type {string} */ host, /** @type {string} */ port) =>
    host === LOCAL_INSTANCE_HOST ? upstreamLine(`${host}:${port}`, down.includes(Number(port))) : line,
  )

/** `ssl_certificate FILE;` and `ssl_certificate_key FILE;` in a rendered configuration. */
const CERTIFICATE_LINE = /^(\s*ssl_certificate)\s+[^;\s]+;$/m
const CERTIFICATE_KEY_LINE = /^(\s*ssl_certificate_key)\s+[^;\s]+;$/m

/**
 * The certificate and key files a rendered configuration serves, or nulls where it names none.
 * @param {string} conf
 * @returns {{ cert: string | null, key: string | null }}
 */
export const certificateFilesOf = (conf) => ({
  cert: /^\s*ssl_certificate\s+([^;\s]+);$/m.exec(conf)?.[1] ?? null,
  key: /^\s*ssl_certificate_key\s+([^;\s]+);$/m.exec(conf)?.[1] ?? null,
})

/**
 * A rendered configuration serving the certificate `cert` with its key `key` instead of its own.
 * @param {string} conf
 * @param {{ cert: string, key: string }} files
 * @returns {string}
 */
export const withCertificateFiles = (conf, { cert, key }) =>
  conf
    .replace(CERTIFICATE_LINE, (/** @type {string} */ _line, /** @type {string} */ head) => `${head} ${cert};`)
    .replace(CERTIFICATE_KEY_LINE, (/** @type {string} */ _line, /** @type {string} */ head) => `${head} ${key};`)

/**
 * The front's `listen` lines for `port` on each of `addresses` ('127.0.0.1:', '' for every IPv4 one, '[::]:').
 * @param {string[]} addresses
 * @param {number} port
 * @param {string} options
 */
const listenLines = (addresses, port, options) =>
  addresses.map((address) => `        listen ${address}${port}${options} default_server;`).join('\n')

/**
 * The configuration text. `prefixDir` is nginx's -p folder (its cache, temp files, logs and pid);
 * the instances on the `down` ports get no new request (a deploy is replacing them);
 * `uploadsInBucket`: uploads live in S3, so the front asks the app for them instead of `mediaDir`;
 * `peers`: other servers' instances (`host:port`) it sends visitors to as well; `trustedProxies`:
 * the proxies before it whose X-Forwarded-For names the visitor;
 * `appDir`: the app whose routes name the locations (this checkout's by default).
 * @param {object} settings
 * @param {boolean} settings.asRoot
 * @param {string[]} settings.listenAddresses
 * @param {number} settings.port
 * @param {number} settings.httpsPort
 * @param {string} settings.tlsCert
 * @param {string} settings.tlsKey
 * @param {string} settings.acmeDir
 * @param {string} settings.staticDir
 * @param {string} settings.prefixDir
 * @param {string} settings.mediaDir
 * @param {boolean} [settings.uploadsInBucket]
 * @param {number[]} settings.appPorts
 * @param {string[]} [settings.peers]
 * @param {string[]} [settings.trustedProxies]
 * @param {number[]} [settings.down]
 * @param {string} [settings.appDir]
 * @returns {string}
 */
export function nginxConfText({
  asRoot,
  listenAddresses,
  port,
  httpsPort,
  tlsCert,
  tlsKey,
  acmeDir,
  staticDir,
  prefixDir,
  mediaDir,
  uploadsInBucket = false,
  appPorts,
  peers = [],
  trustedProxies = [],
  down = [],
  appDir = APP_DIR,
}) {
  const routes = routeLocationsOf(readRouteTable(appDir))
  const upstreams = [
    ...appPorts.map((app) => upstreamLine(`${LOCAL_INSTANCE_HOST}:${app}`, down.includes(app))),
    ...peers.map((peer) => upstreamLine(peer, false)),
  ]
  return renderTemplate(NGINX_TEMPLATE, {
    // Run as root, nginx's workers run as Debian's web server user.
    BROTLI_STATIC_MODULE: NGINX_BROTLI_STATIC_MODULE,
    USER: asRoot ? 'user www-data;' : '# Not started as root: the workers run as this user.',
    // ['127.0.0.1:'] for the local stack; ['', '[::]:'] (every IPv4 and every IPv6 address) on a server.
    HTTP_LISTEN: listenLines(listenAddresses, port, ''),
    HTTPS_LISTEN: listenLines(listenAddresses, httpsPort, ' ssl http2'),
    // The address a redirect names: https's own port is left out.
    HTTPS_PORT_SUFFIX: httpsPort === 443 ? '' : `:${httpsPort}`,
    TLS_CERT: tlsCert,
    TLS_KEY: tlsKey,
    ACME_DIR: acmeDir,
    STATIC_DIR: staticDir,
    STATE_DIR: prefixDir,
    // In the prefix folder, where deploy/lib/maintenancePage.mjs saves it (maintenancePageFile).
    MAINTENANCE_PAGE_NAME,
    MEDIA_SOURCE: mediaSource({ mediaDir, uploadsInBucket }),
    UPSTREAM_SERVERS: upstreams.join('\n'),
    REAL_IP: realIpLines(trustedProxies),
    PAGES_MADE_PER_REQUEST: alternation(routes.pagesMadePerRequest),
    SITE_ENDPOINTS: alternation(routes.siteEndpoints),
  })
}
