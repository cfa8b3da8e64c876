// The dropdown's elements, built once around a real <select>: the combobox (a text input above the
// search threshold, else a focusable div), the clear button, the tokens of a multiple select, the
// listbox and its "no results" status.
import { CLEAR_SELECTION_LABEL, type DropdownOption, offersSearch, placeholderFor } from './model'

export type DropdownParts = {
  readonly select: HTMLSelectElement
  readonly multiple: boolean
  readonly placeholder: string
  /** The select's options a visitor can choose (the no-JavaScript placeholder left out). */
  readonly options: readonly DropdownOption[]
  readonly nativeOptions: readonly HTMLOptionElement[]
  readonly label: HTMLLabelElement | null
  /** The label's `for` before enhancement, put back by destroy. */
  readonly labelFor: string
  readonly wrapper: HTMLDivElement
  readonly tokens: HTMLUListElement
  readonly control: HTMLDivElement
  /** The element that takes focus and carries the field's ARIA state. */
  readonly combobox: HTMLElement
  /** The search text box; null for a select-only dropdown. */
  readonly input: HTMLInputElement | null
  readonly clear: HTMLButtonElement
  readonly listbox: HTMLUListElement
  readonly optionItems: readonly HTMLLIElement[]
  readonly empty: HTMLDivElement
  /** Says what happened that the eye sees but a screen reader would not (a choice cleared). */
  readonly announce: HTMLDivElement
}

let instanceCount = 0

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag)
  created.className = className
  return created
}

function createCombobox(select: HTMLSelectElement, searchable: boolean, id: string, label: HTMLLabelElement | null) {
  let input: HTMLInputElement | null = null
  let combobox: HTMLElement
  if (searchable) {
    input = element('input', 'dropdown-combobox')
    input.type = 'text'
    input.autocomplete = 'off'
    input.spellcheck = false
    input.setAttribute('aria-autocomplete', 'list')
    combobox = input
  } else {
    combobox = element('div', 'dropdown-combobox')
    combobox.tabIndex = 0
  }
  combobox.id = id
  combobox.setAttribute('role', 'combobox')
  combobox.setAttribute('aria-expanded', 'false')
  combobox.setAttribute('aria-haspopup', 'listbox')
  if (label) combobox.setAttribute('aria-labelledby', label.id)
  if (select.required) combobox.setAttribute('aria-required', 'true')
  const describedBy = select.getAttribute('aria-describedby')
  if (describedBy) combobox.setAttribute('aria-describedby', describedBy)
  return { combobox, input }
}

function createOptionList(
  options: readonly DropdownOption[],
  baseId: string,
  label: HTMLLabelElement | null,
  multiple: boolean,
) {
  const listbox = element('ul', 'dropdown-listbox')
  listbox.id = `${baseId}-listbox`
  listbox.setAttribute('role', 'listbox')
  listbox.tabIndex = -1
  if (label) listbox.setAttribute('aria-labelledby', label.id)
  if (multiple) listbox.setAttribute('aria-multiselectable', 'true')
  listbox.hidden = true
  const optionItems = options.map((option, index) => {
    const item = element('li', 'dropdown-option')
    item.id = `${baseId}-option-${index}`
    item.setAttribute('role', 'option')
    item.dataset.index = String(index)
    item.textContent = option.label
    listbox.append(item)
    return item
  })
  return { listbox, optionItems }
}

/** Builds the dropdown's elements and puts them in the page around the select. */
export function buildDropdown(select: HTMLSelectElement): DropdownParts {
  const multiple = select.multiple
  const nativeOptions = Array.from(select.options).filter((option) => option.value !== '')
  const options = nativeOptions.map((option) => ({ value: option.value, label: option.text }))
  const baseId = `${select.id || select.name || 'dropdown'}-dropdown-${++instanceCount}`
  const label = select.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(select.id)}"]`) : null
  if (label && !label.id) label.id = `${baseId}-label`

  const wrapper = element('div', 'dropdown')
  wrapper.dataset.mode = offersSearch(options.length) ? 'search' : 'select'
  if (multiple) wrapper.dataset.multiple = ''
  const tokens = element('ul', 'dropdown-tokens')
  if (label) tokens.setAttribute('aria-labelledby', label.id)
  const control = element('div', 'dropdown-control')
  const { combobox, input } = createCombobox(select, offersSearch(options.length), `${baseId}-combobox`, label)
  const clear = element('button', 'dropdown-clear')
  clear.type = 'button'
  clear.setAttribute('aria-label', CLEAR_SELECTION_LABEL)
  clear.textContent = '×'
  clear.hidden = true
  // A pointer's shortcut, not a Tab stop of its own: the keyboard clears with Delete in the box.
  clear.tabIndex = -1
  const { listbox, optionItems } = createOptionList(options, baseId, label, multiple)
  combobox.setAttribute('aria-controls', listbox.id)
  const empty = element('div', 'dropdown-empty')
  empty.setAttribute('role', 'status')
  empty.hidden = true
  const announce = element('div', 'visually-hidden')
  announce.setAttribute('role', 'status')

  control.append(combobox)
  if (!multiple) control.append(clear)
  select.before(wrapper)
  if (multiple) wrapper.append(tokens)
  wrapper.append(control, listbox, empty, announce, select)
  select.classList.add('dropdown-native')
  select.tabIndex = -1
  select.setAttribute('aria-hidden', 'true')
  // Clicking the label should reach what a person can operate.
  const labelFor = label?.htmlFor ?? ''
  if (label && input) label.htmlFor = input.id
  else label?.removeAttribute('for')
  const placeholder = placeholderFor(multiple)
  const parts = { select, multiple, placeholder, options, nativeOptions, label, labelFor, wrapper, tokens, control }
  return { ...parts, combobox, input, clear, listbox, optionItems, empty, announce }
}
