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

type SearchBoxParts = { form: HTMLFormElement; input: HTMLInputElement; listbox: HTMLElement; status?: HTMLElement }

const optionId = (listbox: HTMLElement, i: number) => `${listbox.id}-option-${i}`

function drawOptions({ listbox }: SearchBoxParts, results: readonly SearchResult[]) {
  listbox.replaceChildren(
    ...results.map((result, i) => {
      const option = document.createElement('li')
      option.id = optionId(listbox, i)
      option.setAttribute('role', 'option')
      option.className = 'site-search-option'
      option.dataset.path = result.path
      option.textContent = result.title
      return option
    }),
  )
}

/** Brings the box and its list up to `state`; `previous` is what they show now. */
function drawListbox({ input, listbox }: SearchBoxParts, previous: ListboxState, state: ListboxState) {
  listbox.hidden = !state.open
  input.setAttribute('aria-expanded', String(state.open))
  // The box is the visitor's: it is written only when the model changed the text (Escape clears it).
  if (state.text !== previous.text && input.value !== state.text) input.value = state.text
  const active = activeOption(state)
  listbox.querySelectorAll<HTMLElement>('[role="option"]').forEach((option, i) => {
    option.setAttribute('aria-selected', String(i === active))
    if (i === active && active !== activeOption(previous)) option.scrollIntoView({ block: 'nearest' })
  })
  if (active >= 0) input.setAttribute('aria-activedescendant', optionId(listbox, active))
  else input.removeAttribute('aria-activedescendant')
}

function announce({ status }: SearchBoxParts, count: number) {
  if (!status) return
  status.textContent = count
    ? `${count} suggestion${count === 1 ? '' : 's'}; use the arrow keys to choose.`
    : 'No pages match.'
}

/** Asks for suggestions once typing pauses; only the answer to the latest question is passed on. */
function suggestionRequests(answer: (found: SearchResult[], text: string) => void, fail: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let request: AbortController | undefined
  const stop = () => {
    clearTimeout(timer)
    request?.abort()
  }
  const ask = (text: string) => {
    stop()
    timer = setTimeout(() => {
      const controller = new AbortController()
      request = controller
      fetchSuggestions(text, controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) answer(found, text)
        })
        .catch(() => {
          if (!controller.signal.aborted) fail()
        })
    }, TYPEAHEAD_DEBOUNCE_MS)
  }
  return { ask, stop }
}

function findParts(): SearchBoxParts | undefined {
  const form = document.querySelector<HTMLFormElement>('form.site-search')
  const input = form?.querySelector<HTMLInputElement>('[role="combobox"]')
  const listbox = input ? document.getElementById(input.getAttribute('aria-controls') ?? '') : null
  const status = form?.querySelector<HTMLElement>('.site-search-status') ?? undefined
  return form && input && listbox ? { form, input, listbox, status } : undefined
}

/**
 * The header search as a WAI-ARIA combobox with a listbox popup, on the listbox model's 'suggest'
 * kind: suggestions from GET /api/search after TYPEAHEAD_MIN_LENGTH characters, at most
 * TYPEAHEAD_MAX_ITEMS; the active option is shown by aria-activedescendant (focus stays in the
 * input) and Enter opens it or, with none active, submits to the results page.
 */
export function attachTypeahead(): () => void {
  const parts = findParts()
  if (!parts) return () => {}
  const { form, input, listbox } = parts
  let state = createListbox('suggest', [])
  let results: SearchResult[] = []

  const dispatch = (action: ListboxAction, event?: Event) => {
    const previous = state
    const { state: next, handled, chosen } = listboxStep(state, action)
    if (handled) event?.preventDefault()
    state = next
    drawListbox(parts, previous, next)
    if (chosen >= 0) window.location.assign(results[chosen].path)
  }
  const show = (found: SearchResult[]) => {
    results = found.slice(0, TYPEAHEAD_MAX_ITEMS)
    drawOptions(parts, results)
    dispatch({ type: 'options', options: results.map((result) => ({ label: result.title })) })
  }
  const requests = suggestionRequests(
    (found, text) => {
      // Only the answer to what is in the box now is shown.
      if (input.value.trim() !== text) return
      show(found)
      announce(parts, results.length)
    },
    () => dispatch({ type: 'close' }),
  )
  const suggest = () => {
    const text = input.value.trim()
    if (text.length >= TYPEAHEAD_MIN_LENGTH) return requests.ask(text)
    requests.stop()
    show([])
  }

  const onInput = () => {
    dispatch({ type: 'text', text: input.value })
    suggest()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const wasOpen = state.open
    dispatch({ type: 'key', press: event }, event)
    const arrow = event.key === 'ArrowDown' || event.key === 'ArrowUp'
    if (arrow && !wasOpen && state.open) announce(parts, results.length)
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
    requests.stop()
    input.removeEventListener('input', onInput)
    input.removeEventListener('keydown', onKeyDown)
    listbox.removeEventListener('mousedown', keepFocus)
    listbox.removeEventListener('click', onListboxClick)
    form.removeEventListener('focusout', onFocusOut)
  }
}
