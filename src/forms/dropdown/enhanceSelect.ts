// A combobox over a real <select>: the select keeps the value the form submits, this draws the
// WAI-ARIA combobox (select-only up to the search threshold, editable with list filtering above it).
import {
  CLEAR_SELECTION_LABEL,
  type DropdownOption,
  matchingOptions,
  moveActive,
  NO_RESULTS_TEXT,
  offersSearch,
  placeholderFor,
  typeaheadMatch,
} from './model'

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

let instanceCount = 0

/** Enhances one select; calling it again on the same select returns the existing controller. */
export function enhanceSelect(select: HTMLSelectElement): DropdownController {
  const existing = controllers.get(select)
  if (existing) return existing

  const multiple = select.multiple
  const options: DropdownOption[] = []
  const nativeOptions: HTMLOptionElement[] = []
  for (const option of Array.from(select.options)) {
    if (option.value === '') continue // the no-JavaScript placeholder
    options.push({ value: option.value, label: option.text })
    nativeOptions.push(option)
  }
  const searchable = offersSearch(options.length)
  const placeholder = placeholderFor(multiple)
  const baseId = `${select.id || select.name || 'dropdown'}-dropdown-${++instanceCount}`
  const label = select.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(select.id)}"]`) : null
  if (label && !label.id) label.id = `${baseId}-label`

  const wrapper = document.createElement('div')
  wrapper.className = 'dropdown'
  wrapper.dataset.mode = searchable ? 'search' : 'select'
  if (multiple) wrapper.dataset.multiple = ''

  const tokens = document.createElement('ul')
  tokens.className = 'dropdown-tokens'
  if (label) tokens.setAttribute('aria-labelledby', label.id)

  const control = document.createElement('div')
  control.className = 'dropdown-control'

  let combobox: HTMLElement
  let input: HTMLInputElement | null = null
  if (searchable) {
    input = document.createElement('input')
    input.type = 'text'
    input.autocomplete = 'off'
    input.spellcheck = false
    input.setAttribute('aria-autocomplete', 'list')
    combobox = input
  } else {
    combobox = document.createElement('div')
    combobox.tabIndex = 0
  }
  combobox.id = `${baseId}-combobox`
  combobox.className = 'dropdown-combobox'
  combobox.setAttribute('role', 'combobox')
  combobox.setAttribute('aria-expanded', 'false')
  combobox.setAttribute('aria-haspopup', 'listbox')
  if (label) combobox.setAttribute('aria-labelledby', label.id)
  if (select.required) combobox.setAttribute('aria-required', 'true')
  const describedBy = select.getAttribute('aria-describedby')
  if (describedBy) combobox.setAttribute('aria-describedby', describedBy)

  const clear = document.createElement('button')
  clear.type = 'button'
  clear.className = 'dropdown-clear'
  clear.setAttribute('aria-label', CLEAR_SELECTION_LABEL)
  clear.textContent = '×'
  clear.hidden = true

  const listbox = document.createElement('ul')
  listbox.id = `${baseId}-listbox`
  listbox.className = 'dropdown-listbox'
  listbox.setAttribute('role', 'listbox')
  listbox.tabIndex = -1
  if (label) listbox.setAttribute('aria-labelledby', label.id)
  if (multiple) listbox.setAttribute('aria-multiselectable', 'true')
  listbox.hidden = true
  combobox.setAttribute('aria-controls', listbox.id)

  const optionItems = options.map((option, index) => {
    const item = document.createElement('li')
    item.id = `${baseId}-option-${index}`
    item.className = 'dropdown-option'
    item.setAttribute('role', 'option')
    item.dataset.index = String(index)
    item.textContent = option.label
    listbox.append(item)
    return item
  })

  const empty = document.createElement('div')
  empty.className = 'dropdown-empty'
  empty.setAttribute('role', 'status')
  empty.hidden = true

  const hadFocus = document.activeElement === select
  control.append(combobox)
  if (!multiple) control.append(clear)
  select.before(wrapper)
  if (multiple) wrapper.append(tokens)
  wrapper.append(control, listbox, empty, select)
  select.classList.add('dropdown-native')
  select.tabIndex = -1
  select.setAttribute('aria-hidden', 'true')
  // Clicking the label should reach what a person can operate.
  const originalFor = label?.htmlFor ?? ''
  if (label) {
    if (input) label.htmlFor = input.id
    else label.removeAttribute('for')
  }
  const focusFromLabel = (event: MouseEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('a, button, input')) return
    combobox.focus()
  }
  if (label && !input) label.addEventListener('click', focusFromLabel)

  // Runtime state.
  let open = false
  let visible: number[] = options.map((_, index) => index)
  let active = -1 // position within `visible`
  let typed = ''
  let typedTimer: ReturnType<typeof setTimeout> | undefined

  const selectedIndexes = () => nativeOptions.flatMap((option, index) => (option.selected ? [index] : []))
  const isSelected = (index: number) => nativeOptions[index].selected

  function describeSelection(): string {
    const chosen = selectedIndexes()
    if (chosen.length === 0) return ''
    return multiple ? chosen.map((index) => options[index].label).join(', ') : options[chosen[0]].label
  }

  function renderValue() {
    const text = describeSelection()
    if (input) {
      if (!open) input.value = multiple ? '' : text
      input.placeholder = multiple && text !== '' ? '' : placeholder
    } else {
      combobox.textContent = text === '' ? placeholder : multiple ? `${selectedIndexes().length} selected` : text
      combobox.classList.toggle('is-placeholder', text === '')
    }
    clear.hidden = multiple || text === ''
    optionItems.forEach((item, index) => item.setAttribute('aria-selected', String(isSelected(index))))
    if (multiple) renderTokens()
  }

  function renderTokens() {
    tokens.replaceChildren(
      ...selectedIndexes().map((index) => {
        const item = document.createElement('li')
        const button = document.createElement('button')
        button.type = 'button'
        button.className = 'dropdown-token'
        button.dataset.index = String(index)
        button.setAttribute('aria-label', `Remove ${options[index].label}`)
        const text = document.createElement('span')
        text.textContent = options[index].label
        const cross = document.createElement('span')
        cross.setAttribute('aria-hidden', 'true')
        cross.textContent = ' ×'
        button.append(text, cross)
        item.append(button)
        return item
      }),
    )
    tokens.hidden = tokens.childElementCount === 0
  }

  function renderActive() {
    optionItems.forEach((item) => item.classList.remove('is-active'))
    const index = active >= 0 ? visible[active] : undefined
    if (index === undefined) {
      combobox.removeAttribute('aria-activedescendant')
      return
    }
    const item = optionItems[index]
    item.classList.add('is-active')
    combobox.setAttribute('aria-activedescendant', item.id)
    if (typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' })
  }

  function applyFilter(query: string) {
    visible = matchingOptions(options, query)
    const shown = new Set(visible)
    optionItems.forEach((item, index) => (item.hidden = !shown.has(index)))
    const nothing = visible.length === 0
    empty.hidden = !nothing || !open
    empty.textContent = nothing && open ? NO_RESULTS_TEXT : ''
    if (input && nothing) input.placeholder = NO_RESULTS_TEXT
    active = nothing ? -1 : 0
    renderActive()
  }

  function openList(activate: 'selected' | 'first' | 'last' = 'selected') {
    if (!open) {
      open = true
      listbox.hidden = false
      combobox.setAttribute('aria-expanded', 'true')
      wrapper.classList.add('is-open')
      if (input && !multiple) input.select()
      applyFilter('')
    }
    const firstSelected = visible.findIndex((index) => isSelected(index))
    if (activate === 'first') active = moveActive(active, 'first', visible.length)
    else if (activate === 'last') active = moveActive(active, 'last', visible.length)
    else active = firstSelected >= 0 ? firstSelected : moveActive(-1, 'first', visible.length)
    renderActive()
  }

  function closeList() {
    if (!open) return
    open = false
    listbox.hidden = true
    empty.hidden = true
    combobox.setAttribute('aria-expanded', 'false')
    combobox.removeAttribute('aria-activedescendant')
    wrapper.classList.remove('is-open')
    active = -1
    renderValue()
  }

  function notifyChange() {
    select.dispatchEvent(new Event('input', { bubbles: true }))
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }

  function choose(index: number) {
    if (multiple) {
      nativeOptions[index].selected = !nativeOptions[index].selected
    } else {
      select.value = options[index].value
    }
    if (input && multiple) {
      input.value = ''
      applyFilter('')
      active = Math.max(0, visible.indexOf(index))
      renderActive()
    }
    renderValue()
    notifyChange()
    if (!multiple) closeList()
  }

  function clearSelection() {
    if (multiple) {
      for (const option of nativeOptions) option.selected = false
    } else {
      select.value = ''
    }
    renderValue()
    notifyChange()
  }

  function removeToken(index: number) {
    const position = selectedIndexes().indexOf(index)
    nativeOptions[index].selected = false
    renderValue()
    notifyChange()
    const remaining = tokens.querySelectorAll<HTMLButtonElement>('.dropdown-token')
    const next = remaining[Math.min(position, remaining.length - 1)]
    ;(next ?? combobox).focus()
  }

  function typeToSelect(character: string) {
    clearTimeout(typedTimer)
    typed += character
    typedTimer = setTimeout(() => (typed = ''), TYPEAHEAD_RESET_MS)
    if (!open) openList()
    const labels = visible.map((index) => options[index].label)
    const found = typeaheadMatch(labels, typed, active)
    if (found >= 0) {
      active = found
      renderActive()
    }
  }

  const activeIndex = () => (active >= 0 ? visible[active] : -1)

  function onKeyDown(event: KeyboardEvent) {
    const { key } = event
    if (event.ctrlKey || event.metaKey) return
    switch (key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) openList()
        else if (!event.altKey) {
          active = moveActive(active, 'next', visible.length)
          renderActive()
        }
        return
      case 'ArrowUp':
        event.preventDefault()
        if (!open) openList('selected')
        else if (event.altKey) {
          if (activeIndex() >= 0 && !multiple) choose(activeIndex())
          else closeList()
        } else {
          active = moveActive(active, 'previous', visible.length)
          renderActive()
        }
        return
      case 'Home':
      case 'End':
        if (input && !open) return // caret movement in the search text
        event.preventDefault()
        if (!open) openList(key === 'Home' ? 'first' : 'last')
        else {
          active = moveActive(active, key === 'Home' ? 'first' : 'last', visible.length)
          renderActive()
        }
        return
      case 'Enter':
        if (!open) {
          if (!input) {
            event.preventDefault()
            openList()
          }
          return // a closed search input lets Enter submit the form
        }
        event.preventDefault()
        if (activeIndex() >= 0) choose(activeIndex())
        return
      case ' ':
        if (input) return // a space is text to search for
        event.preventDefault()
        if (typed !== '') typeToSelect(' ')
        else if (!open) openList()
        else if (activeIndex() >= 0) choose(activeIndex())
        return
      case 'Escape':
        if (open) {
          event.preventDefault()
          closeList()
        } else if (input && input.value !== '' && multiple) {
          event.preventDefault()
          input.value = ''
        }
        return
      case 'Tab':
        if (open && !multiple && activeIndex() >= 0 && !input) choose(activeIndex())
        closeList()
        return
      case 'Backspace':
        if (input && multiple && input.value === '') {
          const chosen = selectedIndexes()
          if (chosen.length > 0) {
            event.preventDefault()
            nativeOptions[chosen[chosen.length - 1]].selected = false
            renderValue()
            notifyChange()
          }
        }
        return
      default:
        if (!input && key.length === 1 && !event.altKey) {
          event.preventDefault()
          typeToSelect(key)
        }
    }
  }

  function onInput() {
    if (!input) return
    if (!open) openList()
    applyFilter(input.value)
    if (visible.length > 0) input.placeholder = placeholder
  }

  function onListPointerDown(event: MouseEvent) {
    event.preventDefault() // keep focus in the combobox
    const item = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null
    if (item) choose(Number(item.dataset.index))
  }

  function onControlPointerDown(event: MouseEvent) {
    if (event.target === clear) return
    if (event.target !== input) event.preventDefault()
    combobox.focus()
    if (open && !input) closeList()
    else openList()
  }

  function onFocusOut(event: FocusEvent) {
    const next = event.relatedTarget
    if (next instanceof Node && wrapper.contains(next)) return
    closeList()
  }

  function onClear() {
    clearSelection()
    combobox.focus()
  }

  function onTokenClick(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.dropdown-token') : null
    if (button) removeToken(Number(button.dataset.index))
  }

  function onFormReset() {
    // The reset event fires before the form restores its values.
    setTimeout(() => {
      if (input) input.value = ''
      closeList()
      renderValue()
    }, 0)
  }

  combobox.addEventListener('keydown', onKeyDown)
  input?.addEventListener('input', onInput)
  listbox.addEventListener('mousedown', onListPointerDown)
  control.addEventListener('mousedown', onControlPointerDown)
  wrapper.addEventListener('focusout', onFocusOut)
  clear.addEventListener('click', onClear)
  tokens.addEventListener('click', onTokenClick)
  select.form?.addEventListener('reset', onFormReset)

  renderValue()
  if (hadFocus) combobox.focus()

  const controller: DropdownController = {
    combobox,
    sync: () => {
      closeList()
      renderValue()
    },
    destroy: () => {
      clearTimeout(typedTimer)
      select.form?.removeEventListener('reset', onFormReset)
      if (label) {
        label.removeEventListener('click', focusFromLabel)
        label.htmlFor = originalFor
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
