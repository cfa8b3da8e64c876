// Where the current item moves in a row of items (listbox options, accordion headers, slides).

/** `index` moved `step` items along a ring of `count` items. */
export const wrapIndex = (index: number, step: number, count: number): number =>
  (((index + step) % count) + count) % count

/** `index` moved `step` items, stopping at the first and the last of `count` items. */
export const clampIndex = (index: number, step: number, count: number): number =>
  Math.min(Math.max(index + step, 0), count - 1)

export type RovingMove = 'next' | 'previous' | 'first' | 'last'

/**
 * The position after a move among `count` items, wrapping past the ends or stopping there.
 * From no position (-1), next starts at the first item and previous at the last; -1 when empty.
 */
export function moveIndex(current: number, move: RovingMove, count: number, wrap: boolean): number {
  if (count === 0) return -1
  if (move === 'first') return 0
  if (move === 'last') return count - 1
  if (current < 0) return move === 'next' ? 0 : count - 1
  const step = move === 'next' ? 1 : -1
  return wrap ? wrapIndex(current, step, count) : clampIndex(current, step, count)
}
