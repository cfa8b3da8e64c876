/**
 * The process is stopping (SIGTERM): it takes no new work, ends what it can hand over (event
 * streams reconnect elsewhere and resume), and finishes what it started. One state per process,
 * shared by every bundle of it: the server that received the signal and Next's routes and jobs.
 */
import { processWide } from './processWide'

type DrainingState = { draining: boolean; listeners: Set<() => void>; work: Set<Promise<unknown>> }

const state = processWide<DrainingState>('draining', () => ({
  draining: false,
  listeners: new Set(),
  work: new Set(),
}))

export function isDraining(): boolean {
  return state.draining
}

/** Calls `listener` when the process starts draining (at once if it already is); answers how to stop listening. */
export function onDraining(listener: () => void): () => void {
  if (state.draining) {
    listener()
    return () => {}
  }
  state.listeners.add(listener)
  return () => state.listeners.delete(listener)
}

export function startDraining(): void {
  if (state.draining) return
  state.draining = true
  for (const listener of [...state.listeners]) listener()
  state.listeners.clear()
}

/** Work the process must finish before it exits (a mail being sent); answers the same promise. */
export function finishBeforeExit<T>(work: Promise<T>): Promise<T> {
  const { work: pending } = state
  pending.add(work)
  void work.finally(() => pending.delete(work)).catch(() => {})
  return work
}

/** Settles once the work in progress has finished, or after `withinMs`; true when all of it finished. */
export async function workFinished(withinMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)))
  const all = Promise.allSettled([...state.work]).then(() => true as const)
  try {
    return await Promise.race([all, late])
  } finally {
    clearTimeout(timer)
  }
}
