// Where the production stack keeps its state, which ports it takes, and how long it waits.
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { MEDIA_FOLDER } from '../../src/platform/dataFolder.mjs'
import { maintenancePageFile } from './maintenancePage.mjs'

/**
 * Where a stack or a server keeps its releases (deploy/lib/releases.mjs): their folders, the link
 * naming the current one, and the folder the front serves the build files of all from.
 * @typedef {{ releasesDir: string, currentLink: string, staticDir?: string }} ReleasePlace
 */

export const NGINX = '/usr/sbin/nginx'
/**
 * Debian's nginx module that sends a file's brotli copy (.br beside it) to a client that takes
 * brotli, and the package it comes in; the front's configuration loads it (deploy/nginx.conf.template).
 */
export const NGINX_BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
export const NGINX_BROTLI_STATIC_PACKAGE = 'libnginx-mod-http-brotli-static'
export const OPENSSL = '/usr/bin/openssl'
export const POSTGRES_ROOT = '/usr/lib/postgresql'
export const REDIS_SERVER = '/usr/bin/redis-server'

export const STATE_DIR = path.resolve(ROOT, process.env.STACK_DIR || '.tmp/stack')
/** Plain HTTP: it only redirects to the https front (and answers ACME challenges). */
export const FRONT_PORT = Number(process.env.STACK_PORT || 8080)
export const FRONT_HTTPS_PORT = Number(process.env.STACK_HTTPS_PORT || 8443)
export const APP_PORTS = (process.env.STACK_APP_PORTS || '3001,3002').split(',').map(Number)
export const PG_PORT = Number(process.env.STACK_PG_PORT || 5433)
export const REDIS_PORT = Number(process.env.STACK_REDIS_PORT || 6380)
/**
 * `nice` level of a release's build beside the running instances: 19, the lowest priority, so they
 * keep the CPU they need and the build takes what they leave; 0 builds at their own priority.
 */
export const BUILD_NICENESS = Number(process.env.STACK_BUILD_NICENESS || 19)
/** Hours between the stack's backups (`npm run backup -- --stack`); 0 switches the schedule off. */
export const BACKUP_INTERVAL_HOURS = Number(process.env.BACKUP_INTERVAL_HOURS || 24)

export const STATE_FILE = path.join(STATE_DIR, 'stack.json')
/** Held by a deploy or a rollback while it runs (deploy/lib/deployLock.mjs). */
export const DEPLOY_LOCK = path.join(STATE_DIR, 'deploy.lock')
export const LOG_DIR = path.join(STATE_DIR, 'logs')
export const PG_DIR = path.join(STATE_DIR, 'postgres')
export const PG_DATA = path.join(PG_DIR, 'data')
export const REDIS_DIR = path.join(STATE_DIR, 'redis')
export const UPLOADS_DIR = path.join(STATE_DIR, 'data')
/** Where the instances keep uploaded media (the app's MEDIA_DIR under DATA_DIR), which nginx serves itself. */
export const MEDIA_DIR = path.join(UPLOADS_DIR, MEDIA_FOLDER)
export const NGINX_CONF = path.join(STATE_DIR, 'nginx.conf')
/** The page nginx answers with when no instance can (502, 503, 504), saved from the site at start. */
export const MAINTENANCE_PAGE = maintenancePageFile(STATE_DIR)
export const NGINX_ARGS = ['-p', `${STATE_DIR}/`, '-c', NGINX_CONF, '-e', path.join(LOG_DIR, 'nginx-error.log')]
/** The build files of every release the stack ran, merged (deploy/lib/staticFiles.mjs), which nginx serves. */
export const STATIC_DIR = path.join(STATE_DIR, 'static')
/**
 * The stack's releases, its `current` link (none until the first deploy: the checkout) and its build files.
 * @type {Required<ReleasePlace>}
 */
export const STACK_PLACE = {
  releasesDir: path.join(STATE_DIR, 'releases'),
  currentLink: path.join(STATE_DIR, 'current'),
  staticDir: STATIC_DIR,
}

export const DATABASE_NAME = 'site'
export const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/${DATABASE_NAME}`
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`
export const FRONT_URL = `https://127.0.0.1:${FRONT_HTTPS_PORT}`

/** The front's certificate: the operator's own files, or one the stack makes for 127.0.0.1 and localhost. */
export const TLS_DIR = path.join(STATE_DIR, 'tls')
export const OWN_TLS_FILES = Boolean(process.env.STACK_TLS_CERT || process.env.STACK_TLS_KEY)
export const TLS_CERT = path.resolve(process.env.STACK_TLS_CERT || path.join(TLS_DIR, 'cert.pem'))
export const TLS_KEY = path.resolve(process.env.STACK_TLS_KEY || path.join(TLS_DIR, 'key.pem'))
/** A self-signed certificate made here lasts this long; delete STATE_DIR/tls to make a new one. */
export const SELF_SIGNED_DAYS = 825
/** Where certbot --webroot writes its challenges, which plain HTTP serves. */
export const ACME_DIR = path.join(STATE_DIR, 'acme')

/** Files nginx serves precompressed (gzip_static, brotli_static); images and fonts are compressed already. */
export const PRECOMPRESSED = /\.(js|css|svg|json|txt)$/
export const APP_START_TIMEOUT_MS = 180_000
export const SERVICE_START_TIMEOUT_MS = 30_000
/** How long each process gets to end by itself before it is stopped harder. */
export const STOP_TIMEOUT_MS = 20_000
/**
 * After `nginx -s reload`, how long before the stack counts on the new configuration: nginx starts
 * its new workers within milliseconds, and the old ones end what they were sending.
 */
export const NGINX_RELOAD_SETTLE_MS = 1_000
