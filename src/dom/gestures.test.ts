import { describe, expect, it } from 'vitest'
import { DOUBLE_TAP_MS, LONG_TAP_MS, SWIPE_THRESHOLD_PX, TAP_SLOP_PX, classifyGesture, isDoubleTap } from './gestures'

describe('touch gestures', () => {
  it('takes a horizontal move of the swipe threshold as a swipe in its direction', () => {
    expect(classifyGesture(-SWIPE_THRESHOLD_PX, 4, 120)).toEqual({ kind: 'swipe', direction: 'left' })
    expect(classifyGesture(SWIPE_THRESHOLD_PX + 30, -20, 120)).toEqual({ kind: 'swipe', direction: 'right' })
  })

  it('takes a vertical move of the swipe threshold as an up or down swipe', () => {
    expect(classifyGesture(10, -SWIPE_THRESHOLD_PX, 200)).toEqual({ kind: 'swipe', direction: 'up' })
    expect(classifyGesture(-10, SWIPE_THRESHOLD_PX, 200)).toEqual({ kind: 'swipe', direction: 'down' })
  })

  it('ignores a move one pixel short of the swipe threshold', () => {
    expect(classifyGesture(SWIPE_THRESHOLD_PX - 1, 0, 100)).toBeNull()
    expect(classifyGesture(0, -(SWIPE_THRESHOLD_PX - 1), 100)).toBeNull()
  })

  it('takes a still touch held for the long-tap time as a long tap, a shorter one as a tap', () => {
    expect(classifyGesture(2, 3, LONG_TAP_MS)).toEqual({ kind: 'long-tap' })
    expect(classifyGesture(2, 3, LONG_TAP_MS - 1)).toEqual({ kind: 'tap' })
  })

  it('does not call a touch that wandered beyond the tap slop a tap', () => {
    expect(classifyGesture(TAP_SLOP_PX + 1, 0, 50)).toBeNull()
    expect(classifyGesture(TAP_SLOP_PX + 1, 0, LONG_TAP_MS + 100)).toBeNull()
  })

  it('counts a second tap within the double-tap time as a double tap, and not later', () => {
    expect(isDoubleTap(1000, 1000 + DOUBLE_TAP_MS)).toBe(true)
    expect(isDoubleTap(1000, 1000 + DOUBLE_TAP_MS + 1)).toBe(false)
    expect(isDoubleTap(null, 1000)).toBe(false)
  })
})
