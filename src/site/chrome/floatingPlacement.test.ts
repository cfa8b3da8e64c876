import { describe, expect, it } from 'vitest'
import { type Box, FLOATING_CLEARANCE_PX, FLOATING_LIFT_STEP_PX, liftClearOf, placeFloating } from './floatingPlacement'

// A 48 px control in the bottom-right corner of a 390 x 844 phone screen.
const corner: Box = { left: 330, right: 378, top: 784, bottom: 832 }
const fullWidthInput = (top: number): Box => ({ left: 20, right: 370, top, bottom: top + 48 })

describe('floating control placement', () => {
  it('stays in its corner when nothing is under it', () => {
    expect(liftClearOf(corner, [{ left: 20, right: 200, top: 790, bottom: 830 }], 300)).toBe(0)
  })

  it('rises just past a control it would cover, keeping the clearance', () => {
    const lift = liftClearOf(corner, [fullWidthInput(760)], 300)!
    expect(corner.bottom - lift).toBeLessThanOrEqual(760 - FLOATING_CLEARANCE_PX)
    expect(corner.bottom - (lift - FLOATING_LIFT_STEP_PX)).toBeGreaterThan(760 - FLOATING_CLEARANCE_PX)
  })

  it('finds the gap between two controls when it is tall enough', () => {
    const lift = liftClearOf(corner, [fullWidthInput(790), fullWidthInput(640)], 300)!
    const top = corner.top - lift
    expect(top).toBeGreaterThanOrEqual(640 + 48 + FLOATING_CLEARANCE_PX)
    expect(corner.bottom - lift).toBeLessThanOrEqual(790 - FLOATING_CLEARANCE_PX)
  })

  it('steps aside (no lift) when no spot within reach is free', () => {
    const wall = [0, 1, 2, 3, 4, 5, 6].map((row) => fullWidthInput(844 - 52 * (row + 1)))
    expect(liftClearOf(corner, wall, 200)).toBeNull()
  })

  it('ignores controls outside its column', () => {
    expect(liftClearOf(corner, [{ left: 20, right: 300, top: 700, bottom: 844 }], 300)).toBe(0)
  })

  it('stacks the second control clear of the first', () => {
    const [first, second] = placeFloating([corner, corner], [], 300)
    expect(first).toBe(0)
    expect(corner.bottom - second!).toBeLessThanOrEqual(corner.top - FLOATING_CLEARANCE_PX)
  })
})
