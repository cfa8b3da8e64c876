import { listen } from './dom'

/** A horizontal or vertical move of at least this many pixels is a swipe. */
export const SWIPE_THRESHOLD_PX = 75
/** A touch held this long without moving is a long tap. */
export const LONG_TAP_MS = 500
/** A second tap within this long after the first is a double tap. */
export const DOUBLE_TAP_MS = 200

/** A tap may wobble this much and still be a tap. */
export const TAP_SLOP_PX = 10

export type SwipeDirection = 'left' | 'right' | 'up' | 'down'
export type Gesture = { kind: 'swipe'; direction: SwipeDirection } | { kind: 'long-tap' } | { kind: 'tap' } | null

/**
 * What a finished touch was, from how far it moved and how long it lasted: a swipe when it
 * travelled SWIPE_THRESHOLD_PX along its main axis, a tap or long tap when it barely moved,
 * nothing in between (a scroll or a hesitant drag).
 */
export function classifyGesture(dx: number, dy: number, durationMs: number): Gesture {
  const horizontal = Math.abs(dx) >= Math.abs(dy)
  const distance = horizontal ? Math.abs(dx) : Math.abs(dy)
  if (distance >= SWIPE_THRESHOLD_PX) {
    const direction: SwipeDirection = horizontal ? (dx < 0 ? 'left' : 'right') : dy < 0 ? 'up' : 'down'
    return { kind: 'swipe', direction }
  }
  if (Math.hypot(dx, dy) > TAP_SLOP_PX) return null
  return durationMs >= LONG_TAP_MS ? { kind: 'long-tap' } : { kind: 'tap' }
}

/** Whether a tap at `now` completes a double tap begun by the tap at `previousTapAt`. */
export const isDoubleTap = (previousTapAt: number | null, now: number) =>
  previousTapAt !== null && now - previousTapAt <= DOUBLE_TAP_MS

export type GestureHandlers = {
  onSwipe?: (direction: SwipeDirection) => void
  onLongTap?: () => void
  onDoubleTap?: () => void
}

/**
 * Reports swipes, long taps and double taps made with a finger or pen on `element`
 * (a mouse keeps its own clicks and drags). Returns the function that detaches it.
 */
export function attachGestures(element: HTMLElement, handlers: GestureHandlers): () => void {
  let start: { x: number; y: number; at: number; id: number } | null = null
  let lastTapAt: number | null = null

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return
    start = { x: event.clientX, y: event.clientY, at: event.timeStamp, id: event.pointerId }
  }
  const onUp = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return
    const gesture = classifyGesture(event.clientX - start.x, event.clientY - start.y, event.timeStamp - start.at)
    start = null
    if (gesture?.kind === 'swipe') handlers.onSwipe?.(gesture.direction)
    else if (gesture?.kind === 'long-tap') handlers.onLongTap?.()
    else if (gesture?.kind === 'tap') {
      if (isDoubleTap(lastTapAt, event.timeStamp)) {
        lastTapAt = null
        handlers.onDoubleTap?.()
      } else lastTapAt = event.timeStamp
    }
  }
  const onCancel = () => (start = null)

  const removers = [
    listen(element, 'pointerdown', onDown, { passive: true }),
    listen(element, 'pointerup', onUp, { passive: true }),
    listen(element, 'pointercancel', onCancel, { passive: true }),
  ]
  return () => removers.forEach((remove) => remove())
}
