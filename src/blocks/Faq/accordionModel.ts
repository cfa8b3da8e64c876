import { moveIndex, type RovingMove } from '@/dom/roving'

/** The item a URL hash (`#anchor`, percent-encoded or not) names, if any. */
export function itemForHash<T extends { anchor?: string | null }>(items: T[], hash: string): T | undefined {
  if (hash.length < 2) return undefined
  let id: string
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return undefined
  }
  return items.find((item) => item.anchor && item.anchor === id)
}

/** The roving move each key the accordion answers stands for. */
const ACCORDION_KEY_MOVES = new Map<string, RovingMove>([
  ['ArrowDown', 'next'],
  ['ArrowUp', 'previous'],
  ['Home', 'first'],
  ['End', 'last'],
])

/**
 * Where focus moves among an accordion's toggles on a key press (WAI-ARIA accordion pattern):
 * arrows move to the next or previous header and wrap, Home and End jump to the first and last.
 * Null for keys the accordion leaves alone.
 */
export function accordionKeyTarget(key: string, from: number, count: number): number | null {
  const move = ACCORDION_KEY_MOVES.get(key)
  return move ? moveIndex(from, move, count, true) : null
}
