// What `node bench/visits.mjs` runs with: its ports (VISITS_BENCH_PORT and on, or the STACK_*
// variables), how long each part lasts, where its stack, its static nginx and its results live.
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { benchStackPorts, frontOrigin } from './stack.mjs'

const BASE_PORT = Number(process.env.VISITS_BENCH_PORT || 3281)
export const PORTS = { ...benchStackPorts(BASE_PORT), static: BASE_PORT + 6 }
export const VISIT_SECONDS = Number(process.env.VISIT_SECONDS || 30)
export const IDLE_TABS = Number(process.env.IDLE_TABS || 5000)
export const IDLE_SECONDS = 30
/** Idle tabs' streams opened at once, batch after batch. */
export const STREAM_OPEN_BATCH = 50
/** When the recorded visitor scrolls the second time. */
export const READ_AGAIN_MS = 5_000
/** The recorded poll's interval (CHAT_AVAILABILITY_POLL_MS in src/chat/widget/availability.ts). */
export const IDLE_POLL_SECONDS = 10
export const CONNECTIONS = 20
/** Visitors at a time in the new-connection replay. */
export const FRESH_VISITORS = 20
/**
 * Each new-connection replay runs this long first, unmeasured: the stack has just started, and a
 * new instance's first 1,500 or so chat streams cost it up to twice what later ones do (6.7 against
 * 4.3-4.9 ms of server CPU a visit in six runs one after the other on a new stack).
 */
export const FRESH_WARMUP_SECONDS = 15
export const SECONDS = 10
export const STACK_DIR = path.join(ROOT, '.tmp', 'stack-visits')
export const STATIC_DIR = path.join(ROOT, '.tmp', 'visits-static')
export const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'visits.json')
export const SECTION_START = '<!-- visits:start -->'
export const SECTION_END = '<!-- visits:end -->'

/** The stack's front, over https. */
export const front = frontOrigin(PORTS)
