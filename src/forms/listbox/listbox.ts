// The listbox under a combobox, without the DOM: which options show, which one is active, what is
// chosen. Three kinds share it: 'select' (select-only, typing jumps), 'filter' (a text box filters a
// fixed list) and 'suggest' (a text box whose options come from elsewhere, e.g. search results).
//
// Keyboard contract ("left" = not handled: the browser, the form or the page acts as usual):
// | key           | list closed                                   | list open                                  |
// |---------------|-----------------------------------------------|--------------------------------------------|
// | ArrowDown     | opens on the chosen option, else the first;   | next option; stops at the last             |
// |               | suggest: opens on the first suggestion        | (suggest: wraps to the first)              |
// | ArrowUp       | as ArrowDown; suggest: on the last suggestion | previous option; stops at the first        |
// |               |                                               | (suggest: wraps to the last)               |
// | Alt+ArrowDown | as ArrowDown                                  | nothing                                    |
// | Alt+ArrowUp   | as ArrowUp                                    | takes the active option (one-choice select |
// |               |                                               | or filter) and closes; else closes         |
// | Home, End     | select: opens on the first, last option;      | first, last option (suggest: left)         |
// |               | filter, suggest: left to the text caret       |                                            |
// | PageUp/Down   | left (not supported)                          | left                                       |
// | Enter         | select: opens; filter, suggest: left (submits)| takes the active option; suggest with none |
// |               |                                               | active: left (submits)                     |
// | Space         | select: opens (or continues typed letters);   | select: takes the active option;           |
// |               | filter, suggest: text                         | filter, suggest: text                      |
// | Escape        | clears a typed query (suggest; filter with    | closes                                     |
// |               | several choices); otherwise left              |                                            |
// | Tab           | left                                          | select, one choice: takes the active       |
// |               |                                               | option; closes (suggest: left)             |
// | Backspace     | filter with several choices and no text:      | same                                       |
// |               | un-chooses the last chosen option             |                                            |
// | a character   | select: opens and jumps to the next option    | select: same                               |
// |               | starting with the letters typed in a row      |                                            |
// | Ctrl/Meta+key | left                                          | left                                       |
// Arrows stop at the ends where Home and End reach them; in 'suggest' those keys move the caret, so
// arrows wrap and the far end stays one key away. Taking an option: one choice closes the list,
// several choices toggle it and keep the list open; in 'suggest' it reports the option and closes.
// This module answers the arrows, Enter and Escape; Home, End, Tab, Space, Backspace, letters,
// filtering and clicks on the box are the fixed lists' own (choices.ts), which the suggestion box
// leaves out of its code.
import { moveIndex, type RovingMove } from '@/dom/roving'

export type ListboxKind = 'select' | 'filter' | 'suggest'
export type ListboxOption = { readonly label: string }

export type ListboxState = {
  readonly kind: ListboxKind
  readonly multiple: boolean
  readonly options: readonly ListboxOption[]
  readonly open: boolean
  /** What the text box shows: the query while typing, the chosen label once a one-choice filter closes. */
  readonly text: string
  /** Indexes of the options on show, in order. */
  readonly visible: readonly number[]
  /** Position of the active option within `visible`; -1 for none. */
  readonly active: number
  /** Indexes of the chosen options, in option order; a new array whenever the visitor chooses. */
  readonly selected: readonly number[]
  /** Letters typed in a row in a select-only box; the DOM layer ends the run after a pause. */
  readonly typed: string
}

export type ListboxKeyPress = { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean }

export type ListboxAction =
  | { type: 'key'; press: ListboxKeyPress }
  | { type: 'text'; text: string }
  | { type: 'options'; options: readonly ListboxOption[] }
  | { type: 'pick'; index: number }
  | { type: 'close' }

export type ListboxStep = {
  readonly state: ListboxState
  /** The key was the listbox's: the DOM layer prevents the browser's default for it. */
  readonly handled: boolean
  /** The option this action took (Enter, a click, Tab); -1 for none. */
  readonly chosen: number
}

const allIndexes = (count: number) => Array.from({ length: count }, (_, index) => index)

export function createListbox(
  kind: ListboxKind,
  options: readonly ListboxOption[],
  { multiple = false, selected = [] as readonly number[] } = {},
): ListboxState {
  const visible = allIndexes(options.length)
  return { kind, multiple, options, open: false, text: '', visible, active: -1, selected, typed: '' }
}

/** The option index of the active option; -1 for none. */
export const activeOption = (state: ListboxState): number => (state.active >= 0 ? state.visible[state.active] : -1)

export const step = (state: ListboxState, handled = true, chosen = -1): ListboxStep => ({ state, handled, chosen })

export function close(state: ListboxState): ListboxState {
  return { ...state, open: false, active: -1, visible: allIndexes(state.options.length) }
}

/** Shows the whole list, the chosen option (else the first) active, or none with `onChosen` false. */
export function open(state: ListboxState, onChosen: boolean): ListboxState {
  const opened = state.open ? state : { ...state, open: true, visible: allIndexes(state.options.length) }
  const chosen = onChosen ? opened.visible.findIndex((index) => opened.selected.includes(index)) : -1
  const active = onChosen && chosen < 0 && opened.visible.length > 0 ? 0 : chosen
  return { ...opened, active }
}

export function move(state: ListboxState, to: RovingMove): ListboxState {
  return { ...state, active: moveIndex(state.active, to, state.visible.length, state.kind === 'suggest') }
}

export function choose(state: ListboxState, index: number): ListboxStep {
  if (state.kind === 'suggest') return step(close(state), true, index)
  if (!state.multiple) return step(close({ ...state, selected: [index] }), true, index)
  const toggled = state.selected.includes(index)
    ? state.selected.filter((chosen) => chosen !== index)
    : [...state.selected, index].sort((a, b) => a - b)
  const next = { ...state, selected: toggled }
  if (state.kind === 'select') return step(next, true, index)
  // A filter box empties after each choice, showing the whole list again around the option taken.
  return step({ ...next, text: '', visible: allIndexes(state.options.length), active: index }, true, index)
}

function showOptions(state: ListboxState, options: readonly ListboxOption[]): ListboxState {
  return { ...state, options, visible: allIndexes(options.length), active: -1, open: options.length > 0 }
}

function onArrow(state: ListboxState, down: boolean, alt: boolean): ListboxStep {
  const to = down ? 'next' : 'previous'
  if (!state.open) {
    if (state.kind !== 'suggest') return step(open(state, true))
    if (state.options.length === 0) return step(state, false)
    return step(move(open(state, false), to))
  }
  if (!alt) return step(move(state, to))
  if (down) return step(state)
  const active = activeOption(state)
  if (active >= 0 && state.kind !== 'suggest' && !state.multiple) return choose(state, active)
  return step(close(state))
}

function onEnter(state: ListboxState): ListboxStep {
  if (!state.open) return state.kind === 'select' ? step(open(state, true)) : step(state, false)
  const active = activeOption(state)
  if (active >= 0) return choose(state, active)
  return step(state, state.kind !== 'suggest')
}

function onEscape(state: ListboxState): ListboxStep {
  if (state.open) return step(close(state))
  if (state.text === '' || (state.kind !== 'suggest' && !state.multiple)) return step(state, false)
  // The suggestions were for the text now gone.
  return step(state.kind === 'suggest' ? showOptions({ ...state, text: '' }, []) : { ...state, text: '' })
}

function onKey(state: ListboxState, press: ListboxKeyPress): ListboxStep {
  if (press.ctrlKey || press.metaKey) return step(state, false)
  const alt = Boolean(press.altKey)
  switch (press.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      return onArrow(state, press.key === 'ArrowDown', alt)
    case 'Enter':
      return onEnter(state)
    case 'Escape':
      return onEscape(state)
    default:
      return step(state, false)
  }
}

/** The listbox after one action of the visitor or of the page. */
export function listboxStep(state: ListboxState, action: ListboxAction): ListboxStep {
  switch (action.type) {
    case 'key':
      return onKey(state, action.press)
    case 'text':
      return step(state.kind === 'suggest' ? { ...state, text: action.text } : state)
    case 'options':
      return step(showOptions(state, action.options))
    case 'pick':
      return choose(state, action.index)
    case 'close':
      return step(close(state))
  }
}
