import type { Payload } from 'payload'
import { CONTACT_QUEUE, DELIVERY_BATCH_SIZE, DELIVERY_POLL_INTERVAL_MS, STALE_JOB_AFTER_MS } from './constants'

type RunnerState = { running: Promise<void> | null; again: boolean; timer?: NodeJS.Timeout }

const states = new WeakMap<Payload, RunnerState>()

function stateOf(payload: Payload): RunnerState {
  let state = states.get(payload)
  if (!state) {
    state = { running: null, again: false }
    states.set(payload, state)
  }
  return state
}

/** Frees contact jobs left "processing" by a process that stopped mid-run, so they run again. */
export async function reclaimStaleJobs(payload: Payload, now = Date.now()): Promise<number> {
  const { docs } = await payload.update({
    collection: 'payload-jobs',
    where: {
      and: [
        { queue: { equals: CONTACT_QUEUE } },
        { processing: { equals: true } },
        { updatedAt: { less_than: new Date(now - STALE_JOB_AFTER_MS).toISOString() } },
      ],
    },
    data: { processing: false },
    overrideAccess: true,
    depth: 0,
  })
  if (docs.length > 0) payload.logger.warn({ jobs: docs.map((doc) => doc.id) }, 'contact queue: reclaimed stale jobs')
  return docs.length
}

/**
 * Runs the due contact jobs. One run at a time per process: a call during a run asks for one
 * more pass instead of starting a second runner that could pick the same job.
 */
export function runContactQueue(payload: Payload): Promise<void> {
  const state = stateOf(payload)
  if (state.running) {
    state.again = true
    return state.running
  }
  state.running = (async () => {
    do {
      state.again = false
      try {
        await reclaimStaleJobs(payload)
        await payload.jobs.run({ queue: CONTACT_QUEUE, limit: DELIVERY_BATCH_SIZE })
      } catch (error) {
        payload.logger.error({ err: error }, 'contact queue run failed')
      }
    } while (state.again)
  })().finally(() => {
    state.running = null
  })
  return state.running
}

/** Polls the queue for retries and for mail a stopped process left behind. */
export function startContactQueue(payload: Payload, intervalMs = DELIVERY_POLL_INTERVAL_MS): void {
  const state = stateOf(payload)
  if (state.timer) return
  state.timer = setInterval(() => void runContactQueue(payload), intervalMs)
  state.timer.unref()
  void runContactQueue(payload)
}

export function stopContactQueue(payload: Payload): void {
  const state = stateOf(payload)
  if (state.timer) clearInterval(state.timer)
  state.timer = undefined
}
