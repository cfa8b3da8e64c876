import type { Payload } from 'payload'

type PollerState = { running: Promise<void> | null; again: boolean; timer?: NodeJS.Timeout }
type Step = (payload: Payload) => Promise<unknown>

/**
 * A background job that runs its steps in turn, one run at a time per Payload instance (a call
 * during a run asks for one more pass), on an interval once started. Each step runs on its own:
 * one that fails (a busy database) is logged and does not hold up the others.
 */
export function poller(label: string, steps: Step[]) {
  const states = new WeakMap<Payload, PollerState>()
  const stateOf = (payload: Payload) => {
    let state = states.get(payload)
    if (!state) states.set(payload, (state = { running: null, again: false }))
    return state
  }

  function run(payload: Payload): Promise<void> {
    const state = stateOf(payload)
    if (state.running) {
      state.again = true
      return state.running
    }
    state.running = (async () => {
      do {
        state.again = false
        for (const step of steps) {
          try {
            await step(payload)
          } catch (error) {
            payload.logger.error({ err: error, step: step.name }, `${label}: run failed`)
          }
        }
      } while (state.again)
    })().finally(() => {
      state.running = null
    })
    return state.running
  }

  function start(payload: Payload, intervalMs: number): void {
    const state = stateOf(payload)
    if (state.timer) return
    state.timer = setInterval(() => void run(payload), intervalMs)
    state.timer.unref()
    void run(payload)
  }

  /** Stops the interval; the promise settles once a run in progress has finished. */
  async function stop(payload: Payload): Promise<void> {
    const state = stateOf(payload)
    if (state.timer) clearInterval(state.timer)
    state.timer = undefined
    await state.running
  }

  return { run, start, stop }
}
