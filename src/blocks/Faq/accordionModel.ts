import { wrapIndex } from '@/dom/roving'

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

/**
 * Where focus moves among an accordion's toggles on a key press (WAI-ARIA accordion pattern):
 * arrows move to the next or previous header and wrap, Home and End jump to the first and last.
 * Null for keys the accordion leaves alone.
 */
export function accordionKeyTarget(key: string, from: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return wrapIndex(from, 1, count)
    case 'ArrowUp':
      return wrapIndex(from, -1, count)
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
