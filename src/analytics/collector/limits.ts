/** Most events one POST /api/collect request may carry (docs/constants.md). */
export const MAX_EVENTS_PER_BATCH = 20
/** Most bytes one request body, and so one event, may take (docs/constants.md). */
export const MAX_BATCH_BYTES = 16384
/** Inactivity after which a visitor's next event starts a new session (docs/constants.md). */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000

export const COLLECT_PATH = '/api/collect'

/** An event as the browser sends it. */
export type CollectedEvent = {
  name: string
  url: string
  ts: number
  referrer?: string
  props?: Record<string, string | number | boolean | null>
}
