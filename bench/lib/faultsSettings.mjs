// What `node bench/faults.mjs` runs with: its ports (FAULTS_BENCH_PORT and on, or the STACK_*
// variables), its stack's folder, the load it sends and how long each phase and wait lasts.
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { benchStackPorts, frontOrigin } from './stack.mjs'

const BASE_PORT = Number(process.env.FAULTS_BENCH_PORT || 3281)
export const PORTS = benchStackPorts(BASE_PORT)
export const STACK_DIR = path.join(ROOT, '.tmp', 'stack-faults')
export const FRONT = frontOrigin(PORTS)
export const APPS = [PORTS.appA, PORTS.appB].map((port) => `http://127.0.0.1:${port}`)
export const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'faults.json')
export const SECTION_START = '<!-- faults:start -->'
export const SECTION_END = '<!-- faults:end -->'

/** Pages the front keeps (cached), and one every visit asks the app for (a search). */
export const CACHED_PAGES = ['/', '/pricing', '/faq', '/about']
export const UNCACHED_PAGE = '/search?q=title'
export const PAGE_LOOPS = 4
export const CONTACT_EVERY_MS = 500
export const CHAT_EVERY_MS = 500
/** An answer slower than this counts as hanging; the client gives up at the abort bound. */
export const HANG_MS = 2_000
export const ABORT_MS = 10_000
export const STEADY_MS = 10_000
export const OUTAGE_MS = 10_000
export const AFTER_RECOVERY_MS = 5_000
export const RECOVERY_GIVE_UP_MS = 60_000
/** A process that died mid-send leaves its mail to the others within a minute (its lease runs out). */
export const DELIVERY_WAIT_MS = 90_000
