import { fetchSuggestions } from './client'
import { TYPEAHEAD_MAX_ITEMS, TYPEAHEAD_MIN_LENGTH } from './query'
import type { SearchResult } from './rank'

/** Typing pauses this long before suggestions are asked for, so each keystroke is not a request. */
export const TYPEAHEAD_DEBOUNCE_MS = 120

/** The option index after an arrow key press in a list of `count` (-1: none), wrapping around. */
export function nextActiveOption(key: 'ArrowDown' | 'ArrowUp', active: number, count: number): number {
  if (count === 0) return -1
  if (key === 'ArrowDown') return active >= count - 1 ? 0 : active + 1
  return active <= 0 ? count - 1 : active - 1
}

/**
 * The header search as a WAI-ARIA combobox with a listbox popup: suggestions from
 * GET /api/search after TYPEAHEAD_MIN_LENGTH characters, at most TYPEAHEAD_MAX_ITEMS;
 * arrows move the active option (aria-activedescendant; focus stays in the input), Enter opens
 * it or, with none active, submits to the results page; Escape closes, then clears.
 */
export function attachTypeahead(): () => void {
  const form = document.querySelector<HTMLFormElement>('form.site-search')
  const input = form?.querySelector<HTMLInputElement>('[role="combobox"]')
  const listbox = input ? document.getElementById(input.getAttribute('aria-controls') ?? '') : null
  const status = form?.querySelector<HTMLElement>('.site-search-status')
  if (!form || !input || !listbox) return () => {}

  let results: SearchResult[] = []
  let active = -1
  let timer: ReturnType<typeof setTimeout> | undefined
  let request: AbortController | undefined

  const optionId = (i: number) => `${listbox.id}-option-${i}`
  const isOpen = () => input.getAttribute('aria-expanded') === 'true'

  const setActive = (index: number) => {
    active = index
    listbox.querySelectorAll<HTMLElement>('[role="option"]').forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === index))
      if (i === index) option.scrollIntoView({ block: 'nearest' })
    })
    if (index >= 0) input.setAttribute('aria-activedescendant', optionId(index))
    else input.removeAttribute('aria-activedescendant')
  }

  const close = () => {
    setActive(-1)
    listbox.hidden = true
    input.setAttribute('aria-expanded', 'false')
  }

  const render = (found: SearchResult[]) => {
    results = found.slice(0, TYPEAHEAD_MAX_ITEMS)
    listbox.replaceChildren(
      ...results.map((result, i) => {
        const option = document.createElement('li')
        option.id = optionId(i)
        option.setAttribute('role', 'option')
        option.setAttribute('aria-selected', 'false')
        option.className = 'site-search-option'
        option.dataset.path = result.path
        option.textContent = result.title
        return option
      }),
    )
    active = -1
    input.removeAttribute('aria-activedescendant')
    listbox.hidden = results.length === 0
    input.setAttribute('aria-expanded', String(results.length > 0))
    if (status) {
      status.textContent = results.length
        ? `${results.length} suggestion${results.length === 1 ? '' : 's'}; use the arrow keys to choose.`
        : 'No pages match.'
    }
  }

  const suggest = () => {
    clearTimeout(timer)
    request?.abort()
    const text = input.value.trim()
    if (text.length < TYPEAHEAD_MIN_LENGTH) {
      close()
      return
    }
    timer = setTimeout(() => {
      const controller = new AbortController()
      request = controller
      fetchSuggestions(text, controller.signal)
        .then((found) => {
          // Only the answer to what is in the box now is shown.
          if (!controller.signal.aborted && input.value.trim() === text) render(found)
        })
        .catch(() => {
          if (!controller.signal.aborted) close()
        })
    }, TYPEAHEAD_DEBOUNCE_MS)
  }

  const go = (index: number) => {
    const result = results[index]
    if (!result) return
    close()
    window.location.assign(result.path)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!isOpen()) {
          if (results.length && input.value.trim().length >= TYPEAHEAD_MIN_LENGTH) render(results)
          else suggest()
          if (!isOpen()) return
        }
        event.preventDefault()
        setActive(nextActiveOption(event.key, active, results.length))
        return
      case 'Enter':
        if (isOpen() && active >= 0) {
          event.preventDefault()
          go(active)
        }
        return
      case 'Escape':
        if (isOpen()) {
          event.preventDefault()
          close()
        } else if (input.value) {
          event.preventDefault()
          input.value = ''
        }
        return
    }
  }

  const onListboxClick = (event: MouseEvent) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]')
    if (option) go(Number(option.id.slice(option.id.lastIndexOf('-') + 1)))
  }

  const onFocusOut = (event: FocusEvent) => {
    if (!form.contains(event.relatedTarget as Node | null)) close()
  }

  // A press on an option must not blur the input first (which would close the list).
  const keepFocus = (event: MouseEvent) => event.preventDefault()

  input.addEventListener('input', suggest)
  input.addEventListener('keydown', onKeyDown)
  listbox.addEventListener('mousedown', keepFocus)
  listbox.addEventListener('click', onListboxClick)
  form.addEventListener('focusout', onFocusOut)
  return () => {
    clearTimeout(timer)
    request?.abort()
    input.removeEventListener('input', suggest)
    input.removeEventListener('keydown', onKeyDown)
    listbox.removeEventListener('mousedown', keepFocus)
    listbox.removeEventListener('click', onListboxClick)
    form.removeEventListener('focusout', onFocusOut)
  }
}
