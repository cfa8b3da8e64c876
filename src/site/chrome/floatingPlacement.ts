/** A box on screen, in viewport pixels. */
export type Box = { top: number; right: number; bottom: number; left: number }

/** A floating control lifts in steps of this many pixels looking for a free spot. */
export const FLOATING_LIFT_STEP_PX = 8
/** Space kept between a floating control and anything it must not cover. */
export const FLOATING_CLEARANCE_PX = 4
/** A floating control rises at most this share of the viewport's height above its corner. */
export const FLOATING_MAX_LIFT_SHARE = 0.4

const overlaps = (a: Box, b: Box, clearance: number) =>
  a.left < b.right + clearance &&
  b.left < a.right + clearance &&
  a.top < b.bottom + clearance &&
  b.top < a.bottom + clearance

const lifted = (box: Box, lift: number): Box => ({ ...box, top: box.top - lift, bottom: box.bottom - lift })

/**
 * How far (in pixels) a floating control must rise from its corner so that it covers none of
 * `obstacles`: the smallest lift, in steps, up to `maxLift`; null when no spot is free (it then
 * steps aside until the page moves).
 */
export function liftClearOf(home: Box, obstacles: readonly Box[], maxLift: number): number | null {
  const inColumn = obstacles.filter(
    (box) => box.left < home.right + FLOATING_CLEARANCE_PX && home.left < box.right + FLOATING_CLEARANCE_PX,
  )
  for (let lift = 0; lift <= maxLift; lift += FLOATING_LIFT_STEP_PX) {
    const box = lifted(home, lift)
    if (!inColumn.some((obstacle) => overlaps(box, obstacle, FLOATING_CLEARANCE_PX))) return lift
  }
  return null
}

/**
 * Places a stack of floating controls, listed from the bottom up: each finds its own lift, keeping
 * clear of the page's controls and of the floating controls placed below it.
 */
export function placeFloating(homes: readonly Box[], obstacles: readonly Box[], maxLift: number): (number | null)[] {
  const placed: Box[] = []
  return homes.map((home) => {
    const lift = liftClearOf(home, [...obstacles, ...placed], maxLift)
    if (lift !== null) placed.push(lifted(home, lift))
    return lift
  })
}
