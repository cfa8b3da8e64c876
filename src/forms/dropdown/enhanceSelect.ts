// A combobox over a real <select>: the select keeps the value the form submits, the listbox model
// (src/forms/listbox) decides what each key and click does, and this layer only listens and draws:
// select-only up to the search threshold, a text box filtering the list above it.
import { type ChoiceAction, choiceStep, createChoices } from '@/forms/listbox/choices'
import { SELECTION_CLEARED_TEXT } from './model'
import { buildDropdown, type DropdownParts } from './parts'
import { renderDropdown } from './render'

/** How long typed characters add up to one type-to-select search (a select-only dropdown). */
export const TYPEAHEAD_RESET_MS = 500

export type DropdownController = {
  /** The element that takes focus and carries the field's ARIA state. */
  readonly combobox: HTMLElement
  /** Redraws from the select's current value (after a form reset or a script change). */
  sync: () => void
  destroy: () => void
}

const controllers = new WeakMap<HTMLSelectElement, DropdownController>()

/** The controller of a select that was enhanced, if any. */
export const dropdownOf = (select: HTMLSelectElement): DropdownController | undefined => controllers.get(select)

const chosenInSelect = (parts: DropdownParts) =>
  parts.nativeOptions.flatMap((option, index) => (option.selected ? [index] : []))

function writeSelect(parts: DropdownParts, selected: readonly number[]) {
  if (parts.multiple) parts.nativeOptions.forEach((option, index) => (option.selected = selected.includes(index)))
  else parts.select.value = selected.length > 0 ? parts.options[selected[0]].value : ''
  parts.select.dispatchEvent(new Event('input', { bubbles: true }))
  parts.select.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Runs listbox actions against the dropdown's elements and its select. */
function dropdownMachine(parts: DropdownParts) {
  const kind = parts.input ? 'filter' : 'select'
  let state = createChoices(kind, parts.options, { multiple: parts.multiple, selected: chosenInSelect(parts) })
  let typedTimer: ReturnType<typeof setTimeout> | undefined
  renderDropdown(parts, undefined, state)

  const dispatch = (action: ChoiceAction, event?: Event) => {
    const previous = state
    const { state: next, handled } = choiceStep(state, action)
    if (handled) event?.preventDefault()
    state = next
    // Opened by a click or a key (not by typing), a one-choice search box offers its text for replacing.
    if (parts.input && !parts.multiple && next.open && !previous.open && action.type !== 'text') parts.input.select()
    renderDropdown(parts, previous, next)
    if (next.typed !== '' && next.typed !== previous.typed) {
      clearTimeout(typedTimer)
      typedTimer = setTimeout(() => dispatch({ type: 'typedPause' }), TYPEAHEAD_RESET_MS)
    }
    if (next.selected !== previous.selected && action.type !== 'sync') writeSelect(parts, next.selected)
  }
  const sync = () => dispatch({ type: 'sync', selected: chosenInSelect(parts) })
  const stop = () => clearTimeout(typedTimer)
  return { dispatch, sync, stop, selected: () => state.selected }
}

/**
 * Enhances one select; calling it again on the same select returns the existing controller.
 * With `open`, a select that has focus (pressed before this ran) opens its list at once.
 */
export function enhanceSelect(
  select: HTMLSelectElement,
  { open = false }: { open?: boolean } = {},
): DropdownController {
  const existing = controllers.get(select)
  if (existing) return existing

  const hadFocus = document.activeElement === select
  const parts = buildDropdown(select)
  const { combobox, input, clear, control, wrapper, tokens, listbox, label, announce } = parts
  const machine = dropdownMachine(parts)
  const { dispatch } = machine

  const focusFromLabel = (event: MouseEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('a, button, input')) return
    combobox.focus()
  }
  // Delete with the list closed clears a single choice (Backspace too where there is no text to
  // edit; in a search box only with nothing after the caret, where Delete has nothing to delete).
  const clearsByKey = (event: KeyboardEvent) => {
    if (parts.multiple || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false
    if (combobox.getAttribute('aria-expanded') === 'true' || machine.selected().length === 0) return false
    if (!input) return event.key === 'Delete' || event.key === 'Backspace'
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length
    return event.key === 'Delete' && atEnd
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!clearsByKey(event)) return dispatch({ type: 'key', press: event }, event)
    event.preventDefault()
    onClear()
  }
  const onInput = () => dispatch({ type: 'text', text: input?.value ?? '' })
  const onListPointerDown = (event: MouseEvent) => {
    event.preventDefault() // keep focus in the combobox
    const item = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null
    if (item) dispatch({ type: 'pick', index: Number(item.dataset.index) })
  }
  const onControlPointerDown = (event: MouseEvent) => {
    if (event.target === clear) return
    if (event.target !== input) event.preventDefault()
    combobox.focus()
    dispatch({ type: 'press' })
  }
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget
    if (!(next instanceof Node && wrapper.contains(next))) dispatch({ type: 'close' })
  }
  const onClear = () => {
    dispatch({ type: 'clear' })
    combobox.focus()
    // Emptied first, so that a second clear is announced again.
    announce.textContent = ''
    setTimeout(() => (announce.textContent = SELECTION_CLEARED_TEXT), 0)
  }
  const onTokenClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.dropdown-token') : null
    if (!button) return
    const index = Number(button.dataset.index)
    const position = machine.selected().indexOf(index)
    dispatch({ type: 'unchoose', index })
    const remaining = tokens.querySelectorAll<HTMLButtonElement>('.dropdown-token')
    ;(remaining[Math.min(position, remaining.length - 1)] ?? combobox).focus()
  }
  // The reset event fires before the form restores its values.
  const onFormReset = () => setTimeout(machine.sync, 0)

  if (label && !input) label.addEventListener('click', focusFromLabel)
  combobox.addEventListener('keydown', onKeyDown)
  input?.addEventListener('input', onInput)
  listbox.addEventListener('mousedown', onListPointerDown)
  control.addEventListener('mousedown', onControlPointerDown)
  wrapper.addEventListener('focusout', onFocusOut)
  clear.addEventListener('click', onClear)
  tokens.addEventListener('click', onTokenClick)
  select.form?.addEventListener('reset', onFormReset)
  if (hadFocus) combobox.focus()
  if (hadFocus && open) dispatch({ type: 'press' })

  const controller: DropdownController = {
    combobox,
    sync: machine.sync,
    destroy: () => {
      machine.stop()
      select.form?.removeEventListener('reset', onFormReset)
      if (label) {
        label.removeEventListener('click', focusFromLabel)
        label.htmlFor = parts.labelFor
      }
      select.classList.remove('dropdown-native')
      select.removeAttribute('tabindex')
      select.removeAttribute('aria-hidden')
      wrapper.replaceWith(select)
      controllers.delete(select)
    },
  }
  controllers.set(select, controller)
  return controller
}
