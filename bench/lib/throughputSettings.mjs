// What `node bench/throughput.mjs` measures and with what: the pages, autocannon's run, the publish
// trials, its ports (THROUGHPUT_BENCH_PORT and on, or the STACK_* variables) and its folders.
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { benchStackPorts, frontOrigin } from './stack.mjs'

export const PAGES = ['/', '/pricing', '/contact']
/** An uploaded image every first visit of the home page downloads (800 px WebP), served by the front itself. */
export const IMAGE = '/api/media/file/hero-home-800x450.webp'
export const CONNECTIONS = 20
export const SECONDS = 10
export const HEADERS = { 'accept-encoding': 'gzip' }
export const PUBLISH_TRIALS = 3
export const PUBLISH_POLL_MS = 50
export const PUBLISH_GIVE_UP_MS = 10_000

const BASE_PORT = Number(process.env.THROUGHPUT_BENCH_PORT || 3261)
export const PORTS = { ...benchStackPorts(BASE_PORT), static: BASE_PORT + 6, alone: BASE_PORT + 7 }
export const STACK_DIR = path.join(ROOT, '.tmp', 'stack-bench')
export const STATIC_DIR = path.join(ROOT, '.tmp', 'throughput-static')
export const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'throughput.json')
export const SECTION_START = '<!-- throughput:start -->'
export const SECTION_END = '<!-- throughput:end -->'

export const origin = (/** @type {number} */ port) => `http://127.0.0.1:${port}`
export const FRONT = frontOrigin(PORTS)
export const STATIC = `https://127.0.0.1:${PORTS.static}`
