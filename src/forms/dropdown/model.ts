// The dropdown's rules without the DOM: what is shown, what matches, where the active option moves.

/** A dropdown offers a search input only above this many options (spec section 9: "more than 10"). */
export const DROPDOWN_SEARCH_THRESHOLD = 10

export const SINGLE_PLACEHOLDER = 'Select an option'
export const MULTIPLE_PLACEHOLDER = 'Type or select some options'
export const NO_RESULTS_TEXT = 'No results match'
export const CLEAR_SELECTION_LABEL = 'Clear selection'

export type DropdownOption = { value: string; label: string }

export const offersSearch = (optionCount: number): boolean => optionCount > DROPDOWN_SEARCH_THRESHOLD

export const placeholderFor = (multiple: boolean): string => (multiple ? MULTIPLE_PLACEHOLDER : SINGLE_PLACEHOLDER)

/** Case- and accent-insensitive form of a text, with runs of white space made one space. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
}

/** Indexes of the options whose label contains the query anywhere; every option for a blank query. */
export function matchingOptions(options: readonly DropdownOption[], query: string): number[] {
  const needle = foldForMatch(query).trim()
  const indexes: number[] = []
  options.forEach((option, index) => {
    if (needle === '' || foldForMatch(option.label).includes(needle)) indexes.push(index)
  })
  return indexes
}

export type ListMove = 'next' | 'previous' | 'first' | 'last'

/** The next active position among `count` visible options; -1 when there are none. Does not wrap. */
export function moveActive(current: number, move: ListMove, count: number): number {
  if (count === 0) return -1
  switch (move) {
    case 'first':
      return 0
    case 'last':
      return count - 1
    case 'next':
      return current < 0 ? 0 : Math.min(current + 1, count - 1)
    case 'previous':
      return current < 0 ? count - 1 : Math.max(current - 1, 0)
  }
}

/**
 * Type-to-select for a dropdown without a search input: the first visible option after the
 * current one whose label starts with the typed characters (repeating one letter cycles).
 */
export function typeaheadMatch(labels: readonly string[], typed: string, current: number): number {
  const folded = foldForMatch(typed)
  if (folded === '' || labels.length === 0) return -1
  const sameLetter = [...folded].every((character) => character === folded[0])
  const prefix = sameLetter ? folded[0] : folded
  const start = sameLetter || current < 0 ? current + 1 : current
  for (let step = 0; step < labels.length; step++) {
    const index = (start + step + labels.length) % labels.length
    if (foldForMatch(labels[index]).startsWith(prefix)) return index
  }
  return -1
}
