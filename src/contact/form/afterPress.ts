// Holds work that would move the page while a finger or mouse button is down, until that press has
// ended in its click. A check shown as a field is left (its error mark, above the Send button) moves
// what lies below it; done between the press and its click, the click lands beside the control the
// visitor pressed and is lost (a phone's first tap on Send did nothing).

/**
 * After a press is released, how long its click may take to arrive before the held work runs anyway
 * (a press that ends without one: a finger that slid away, a long press).
 */
export const PRESS_CLICK_WAIT_MS = 500

export type AfterPress = {
  /** Runs `job` now, or once the press under way has ended; a key holds one job at most. */
  run(key: object, job: () => void): void
  /** Forgets the held work (what it was for is gone: the form was cleared). */
  drop(): void
  stop(): void
}

export function holdWhilePressed(target: Document = document): AfterPress {
  const held = new Map<object, () => void>()
  let pressing = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const release = () => {
    clearTimeout(timer)
    pressing = false
    const jobs = [...held.values()]
    held.clear()
    for (const job of jobs) job()
  }
  const onDown = () => {
    clearTimeout(timer)
    pressing = true
  }
  const onUp = () => {
    clearTimeout(timer)
    timer = setTimeout(release, PRESS_CLICK_WAIT_MS)
  }
  // After the click's own handlers (a submit that checks every field itself).
  const onClick = () => {
    if (!pressing) return
    clearTimeout(timer)
    timer = setTimeout(release, 0)
  }

  const listeners: [string, () => void][] = [
    ['pointerdown', onDown],
    ['pointerup', onUp],
    ['pointercancel', release],
    ['click', onClick],
  ]
  for (const [type, listener] of listeners) target.addEventListener(type, listener, true)
  return {
    run(key, job) {
      if (pressing) held.set(key, job)
      else job()
    },
    drop() {
      held.clear()
    },
    stop() {
      clearTimeout(timer)
      held.clear()
      for (const [type, listener] of listeners) target.removeEventListener(type, listener, true)
    },
  }
}
