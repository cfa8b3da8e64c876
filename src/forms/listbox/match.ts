// Which options a typed text picks out: anywhere in the label for a filter, at its start for type-to-select.

/** Case- and accent-insensitive form of a text, with runs of white space made one space. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
}

/** Indexes of the options whose label contains the query anywhere; every option for a blank query. */
export function matchingOptions<Option extends { label: string }>(options: readonly Option[], query: string): number[] {
  const needle = foldForMatch(query).trim()
  const indexes: number[] = []
  options.forEach((option, index) => {
    if (needle === '' || foldForMatch(option.label).includes(needle)) indexes.push(index)
  })
  return indexes
}

/**
 * Type-to-select for a list without a search input: the first visible option after the
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
