import type { Attach } from './onFirstUse'

/**
 * Runs `run` in a task of its own, after the tasks already queued: work a page's start-up can do a
 * moment later, kept out of a task that is long already. The task is a message event, which a
 * background tab does not slow down as it does timers. The function returned cancels a run that
 * has not started.
 */
export function inNextTask(run: () => void): () => void {
  const channel = new MessageChannel()
  let cancelled = false
  channel.port1.onmessage = () => {
    channel.port1.close()
    if (!cancelled) run()
  }
  channel.port2.postMessage(null)
  return () => {
    cancelled = true
    channel.port1.close()
  }
}

/**
 * Attaches behaviours one task at a time: the first at once, each of the others in a task of its
 * own after the one before (`inNextTask`), so that a page's start-up runs as short tasks a
 * visitor's input can come between, rather than as one long one (`bench/main-thread.mjs`
 * measures the blocking time). `whenAll` runs once the last one is attached. The function
 * returned stops the ones not yet attached and detaches the others.
 */
export function attachInTurns(steps: readonly Attach[], whenAll?: () => void): () => void {
  const detachers: (() => void)[] = []
  let cancelNext = () => {}
  const attach = (index: number) => {
    if (index === steps.length) return whenAll?.()
    detachers.push(steps[index]())
    cancelNext = inNextTask(() => attach(index + 1))
  }
  attach(0)
  return () => {
    cancelNext()
    detachers.forEach((detach) => detach())
  }
}
