import {
  activeOption,
  createListbox,
  type ListboxAction,
  type ListboxState,
  listboxStep,
} from '@/forms/listbox/listbox'
import { fetchSuggestions } from './client'
import { TYPEAHEAD_MAX_ITEMS, TYPEAHEAD_MIN_LENGTH } from './query'
import type { SearchResult } from './rank'

/** Typing pauses this long before suggestions are asked for, so each keystroke is not a request. */
export const TYPEAHEAD_DEBOUNCE_MS = 120

/**
 * The header search as a WAI-ARIA combobox with a listbox popup, on the listbox model's 'suggest'
 * kind: suggestions from GET /api/search after TYPEAHEAD_MIN_LENGTH characters, at most
 * TYPEAHEAD_MAX_ITEMS; the active option is shown by aria-activedescendant (focus stays in the
 * input) and Enter opens it or, with none active, submits to the results page.
 */
export function attachTypeahead(): () => void {
  const form = document.querySelector<HTMLFormElement>('form.site-search')
  const input = form?.querySelector<HTMLInputElement>('[role="combobox"]')
  const listbox = input ? document.getElementById(input.getAttribute('aria-controls') ?? '') : null
  const status = form?.querySelector<HTMLElement>('.site-search-status')
  if (!form || !input || !listbox) return () => {}

  let state = createListbox('suggest', [])
  let results: SearchResult[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let request: AbortController | undefined

  const optionId = (i: number) => `${listbox.id}-option-${i}`

  const renderOptions = () =>
    listbox.replaceChildren(
      ...results.map((result, i) => {
        const option = document.createElement('li')
        option.id = optionId(i)
        option.setAttribute('role', 'option')
        option.className = 'site-search-option'
        option.dataset.path = result.path
        option.textContent = result.title
        return option
      }),
    )

  const render = (previous: ListboxState) => {
    if (state.options !== previous.options) renderOptions()
    listbox.hidden = !state.open
    input.setAttribute('aria-expanded', String(state.open))
    // The box is the visitor's: it is written only when the model changed the text (Escape clears it).
    if (state.text !== previous.text && input.value !== state.text) input.value = state.text
    const active = activeOption(state)
    listbox.querySelectorAll<HTMLElement>('[role="option"]').forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === active))
      if (i === active && active !== activeOption(previous)) option.scrollIntoView({ block: 'nearest' })
    })
    if (active >= 0) input.setAttribute('aria-activedescendant', optionId(active))
    else input.removeAttribute('aria-activedescendant')
  }

  const announce = () => {
    if (!status) return
    status.textContent = results.length
      ? `${results.length} suggestion${results.length === 1 ? '' : 's'}; use the arrow keys to choose.`
      : 'No pages match.'
  }

  const dispatch = (action: ListboxAction, event?: Event) => {
    const previous = state
    const { state: next, handled, chosen } = listboxStep(state, action)
    if (handled) event?.preventDefault()
    state = next
    render(previous)
    if (chosen >= 0) window.location.assign(results[chosen].path)
  }

  const show = (found: SearchResult[]) => {
    results = found.slice(0, TYPEAHEAD_MAX_ITEMS)
    dispatch({ type: 'options', options: results.map((result) => ({ label: result.title })) })
    announce()
  }

  const suggest = () => {
    clearTimeout(timer)
    request?.abort()
    const text = input.value.trim()
    if (text.length < TYPEAHEAD_MIN_LENGTH) {
      results = []
      dispatch({ type: 'options', options: [] })
      return
    }
    timer = setTimeout(() => {
      const controller = new AbortController()
      request = controller
      fetchSuggestions(text, controller.signal)
        .then((found) => {
          // Only the answer to what is in the box now is shown.
          if (!controller.signal.aborted && input.value.trim() === text) show(found)
        })
        .catch(() => {
          if (!controller.signal.aborted) dispatch({ type: 'close' })
        })
    }, TYPEAHEAD_DEBOUNCE_MS)
  }

  const onInput = () => {
    dispatch({ type: 'text', text: input.value })
    suggest()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const wasOpen = state.open
    dispatch({ type: 'key', press: event }, event)
    const arrow = event.key === 'ArrowDown' || event.key === 'ArrowUp'
    if (arrow && !wasOpen && state.open) announce()
    // Nothing to show yet: ask for suggestions to what is in the box.
    else if (arrow && !state.open) suggest()
  }

  const onListboxClick = (event: MouseEvent) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]')
    if (option) dispatch({ type: 'pick', index: Number(option.id.slice(option.id.lastIndexOf('-') + 1)) })
  }

  const onFocusOut = (event: FocusEvent) => {
    if (!form.contains(event.relatedTarget as Node | null)) dispatch({ type: 'close' })
  }

  // A press on an option must not blur the input first (which would close the list).
  const keepFocus = (event: MouseEvent) => event.preventDefault()

  input.addEventListener('input', onInput)
  input.addEventListener('keydown', onKeyDown)
  listbox.addEventListener('mousedown', keepFocus)
  listbox.addEventListener('click', onListboxClick)
  form.addEventListener('focusout', onFocusOut)
  return () => {
    clearTimeout(timer)
    request?.abort()
    input.removeEventListener('input', onInput)
    input.removeEventListener('keydown', onKeyDown)
    listbox.removeEventListener('mousedown', keepFocus)
    listbox.removeEventListener('click', onListboxClick)
    form.removeEventListener('focusout', onFocusOut)
  }
}
