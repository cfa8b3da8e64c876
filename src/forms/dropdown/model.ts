// The dropdown's words and its search threshold; its list behaviour is the listbox model (src/forms/listbox).

/** A dropdown offers a search input only when it has more options than this. */
export const DROPDOWN_SEARCH_THRESHOLD = 10

export const SINGLE_PLACEHOLDER = 'Select an option'
export const MULTIPLE_PLACEHOLDER = 'Type or select some options'
export const NO_RESULTS_TEXT = 'No results match'
export const CLEAR_SELECTION_LABEL = 'Clear selection'
/** What a screen reader hears once a single choice is cleared (by its button or the Delete key). */
export const SELECTION_CLEARED_TEXT = 'Selection cleared'

export type DropdownOption = { value: string; label: string }

export const offersSearch = (optionCount: number): boolean => optionCount > DROPDOWN_SEARCH_THRESHOLD

export const placeholderFor = (multiple: boolean): string => (multiple ? MULTIPLE_PLACEHOLDER : SINGLE_PLACEHOLDER)
