// What a fixed list of choices (the dropdown) adds to the listbox model (its keyboard table is in
// listbox.ts): Home, End, Tab, Space, Backspace and letters, filtering by the typed text, clicks on
// the box, and changes to the chosen set from outside the list. The suggestion box does without it.
import {
  activeOption,
  createListbox,
  choose,
  close,
  type ListboxAction,
  type ListboxKeyPress,
  type ListboxOption,
  type ListboxState,
  type ListboxStep,
  listboxStep,
  move,
  open,
  step,
} from './listbox'
import { matchingOptions, typeaheadMatch } from './match'

export type ChoiceAction =
  | ListboxAction
  | { type: 'press' }
  | { type: 'typedPause' }
  | { type: 'clear' }
  | { type: 'unchoose'; index: number }
  | { type: 'sync'; selected: readonly number[] }

/** What a closed filter box shows: the chosen label (one choice), else nothing. */
function closedText(state: ListboxState): string {
  const [first] = state.selected
  return !state.multiple && first !== undefined ? state.options[first].label : ''
}

/** A closed filter box always shows its choice, however it closed. */
const settled = (state: ListboxState): ListboxState =>
  state.kind === 'filter' && !state.open ? { ...state, text: closedText(state) } : state

/** A listbox over a fixed list of options, `selected` chosen (read from the select). */
export function createChoices(
  kind: 'select' | 'filter',
  options: readonly ListboxOption[],
  choice: { multiple: boolean; selected: readonly number[] },
): ListboxState {
  return settled(createListbox(kind, options, choice))
}

function typeToSelect(state: ListboxState, character: string): ListboxState {
  const typed = state.typed + character
  const opened = state.open ? state : open(state, true)
  const labels = opened.visible.map((index) => opened.options[index].label)
  const found = typeaheadMatch(labels, typed, opened.active)
  return { ...opened, typed, active: found >= 0 ? found : opened.active }
}

function filter(state: ListboxState, text: string): ListboxState {
  const opened = state.open ? state : open(state, true)
  const visible = matchingOptions(state.options, text)
  return { ...opened, text, visible, active: visible.length > 0 ? 0 : -1 }
}

function onHomeEnd(state: ListboxState, to: 'first' | 'last'): ListboxStep | undefined {
  if (state.kind === 'filter' && !state.open) return undefined // the text caret's
  return step(move(state.open ? state : open(state, false), to))
}

function onTab(state: ListboxState): ListboxStep | undefined {
  if (!state.open) return undefined
  const active = activeOption(state)
  const takes = state.kind === 'select' && !state.multiple && active >= 0
  const taken = takes ? choose(state, active) : step(state)
  return step(close(taken.state), false, taken.chosen)
}

function onSpace(state: ListboxState): ListboxStep | undefined {
  if (state.kind !== 'select') return undefined
  if (state.typed !== '') return step(typeToSelect(state, ' '))
  if (!state.open) return step(open(state, true))
  const active = activeOption(state)
  return active >= 0 ? choose(state, active) : step(state)
}

function onBackspace(state: ListboxState): ListboxStep | undefined {
  const removable = state.kind === 'filter' && state.multiple && state.text === '' && state.selected.length > 0
  return removable ? step({ ...state, selected: state.selected.slice(0, -1) }) : undefined
}

/** The keys only a list of choices answers; undefined leaves the key to the listbox model. */
function onChoiceKey(state: ListboxState, press: ListboxKeyPress): ListboxStep | undefined {
  if (press.ctrlKey || press.metaKey) return undefined
  switch (press.key) {
    case 'Home':
    case 'End':
      return onHomeEnd(state, press.key === 'Home' ? 'first' : 'last')
    case 'Tab':
      return onTab(state)
    case ' ':
      return onSpace(state)
    case 'Backspace':
      return onBackspace(state)
  }
  const letter = press.key.length === 1 && !press.altKey
  return state.kind === 'select' && letter ? step(typeToSelect(state, press.key)) : undefined
}

/** The dropdown's listbox after one action: its own keys and changes first, then the listbox model's. */
export function choiceStep(state: ListboxState, action: ChoiceAction): ListboxStep {
  const result = stepChoices(state, action)
  return { ...result, state: settled(result.state) }
}

function stepChoices(state: ListboxState, action: ChoiceAction): ListboxStep {
  switch (action.type) {
    case 'key':
      return onChoiceKey(state, action.press) ?? listboxStep(state, action)
    case 'text':
      return state.kind === 'filter' ? step(filter(state, action.text)) : listboxStep(state, action)
    case 'press':
      return step(state.open && state.kind === 'select' ? close(state) : open(state, true))
    case 'typedPause':
      return step({ ...state, typed: '' })
    case 'clear':
      return step({ ...state, selected: [] })
    case 'unchoose':
      return step({ ...state, selected: state.selected.filter((index) => index !== action.index) })
    case 'sync':
      return step(close({ ...state, selected: action.selected }))
    default:
      return listboxStep(state, action)
  }
}
