// Draws a listbox state onto the dropdown's elements: the shown value, the tokens, the open list and
// its active option. Only what changed since the previous state is touched.
import { activeOption, type ListboxState } from '@/forms/listbox/listbox'
import { NO_RESULTS_TEXT } from './model'
import type { DropdownParts } from './parts'

function describeSelection(parts: DropdownParts, selected: readonly number[]): string {
  if (selected.length === 0) return ''
  return parts.multiple
    ? selected.map((index) => parts.options[index].label).join(', ')
    : parts.options[selected[0]].label
}

function renderTokens(parts: DropdownParts, selected: readonly number[]) {
  parts.tokens.replaceChildren(
    ...selected.map((index) => {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      button.className = 'dropdown-token'
      button.dataset.index = String(index)
      button.setAttribute('aria-label', `Remove ${parts.options[index].label}`)
      const text = document.createElement('span')
      text.textContent = parts.options[index].label
      const cross = document.createElement('span')
      cross.setAttribute('aria-hidden', 'true')
      cross.textContent = ' ×'
      button.append(text, cross)
      item.append(button)
      return item
    }),
  )
  parts.tokens.hidden = parts.tokens.childElementCount === 0
}

function renderValue(parts: DropdownParts, state: ListboxState) {
  const { combobox, input, placeholder } = parts
  const text = describeSelection(parts, state.selected)
  if (!input) {
    combobox.textContent = text === '' ? placeholder : parts.multiple ? `${state.selected.length} selected` : text
    combobox.classList.toggle('is-placeholder', text === '')
  }
  parts.clear.hidden = parts.multiple || text === ''
  parts.optionItems.forEach((item, index) => item.setAttribute('aria-selected', String(state.selected.includes(index))))
  if (parts.multiple) renderTokens(parts, state.selected)
}

function renderText(parts: DropdownParts, previous: ListboxState | undefined, state: ListboxState) {
  const { input } = parts
  if (!input) return
  // While the list is open the text is the visitor's; it is written only when the model changed it.
  const ours = !state.open || state.text !== previous?.text
  if (ours && input.value !== state.text) input.value = state.text
  const noResults = state.open && state.visible.length === 0
  const hidesPlaceholder = parts.multiple && state.selected.length > 0
  input.placeholder = noResults ? NO_RESULTS_TEXT : hidesPlaceholder ? '' : parts.placeholder
}

function renderList(parts: DropdownParts, previous: ListboxState | undefined, state: ListboxState) {
  parts.listbox.hidden = !state.open
  parts.combobox.setAttribute('aria-expanded', String(state.open))
  parts.wrapper.classList.toggle('is-open', state.open)
  if (state.visible !== previous?.visible) {
    const shown = new Set(state.visible)
    parts.optionItems.forEach((item, index) => (item.hidden = !shown.has(index)))
  }
  const noResults = state.open && state.visible.length === 0
  parts.empty.hidden = !noResults
  const status = noResults ? NO_RESULTS_TEXT : ''
  if (parts.empty.textContent !== status) parts.empty.textContent = status
}

function renderActive(parts: DropdownParts, previous: ListboxState | undefined, state: ListboxState) {
  const active = activeOption(state)
  const before = previous ? activeOption(previous) : -1
  if (previous && active === before && previous.open === state.open) return
  if (before >= 0) parts.optionItems[before].classList.remove('is-active')
  if (active < 0) {
    parts.combobox.removeAttribute('aria-activedescendant')
    return
  }
  const item = parts.optionItems[active]
  item.classList.add('is-active')
  parts.combobox.setAttribute('aria-activedescendant', item.id)
  if (typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' })
}

/** Brings the elements up to `state`; `previous` is what they show now (none at the first draw). */
export function renderDropdown(parts: DropdownParts, previous: ListboxState | undefined, state: ListboxState) {
  if (state.selected !== previous?.selected) renderValue(parts, state)
  renderText(parts, previous, state)
  renderList(parts, previous, state)
  renderActive(parts, previous, state)
}
