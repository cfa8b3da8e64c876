/**
 * Site search reads every text, textarea and rich-text field of a page's blocks as page text.
 * A text field that holds an address or an identifier (a URL, an anchor id) spreads this in, so
 * search leaves its value out.
 */
export const notSearchText = { custom: { searchText: false } } as const

/** Whether search reads this field's value as words a visitor sees. */
export function isSearchText(field: { custom?: Record<string, unknown> }): boolean {
  return field.custom?.searchText !== false
}
