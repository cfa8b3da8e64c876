import { attachOnFirstUse } from '@/dom/onFirstUse'

/**
 * The header search box: enhanced at once (folded beside its button on wide screens, where the
 * first press of the button unfolds it instead of searching), with the suggestions' code loaded
 * when the visitor first reaches for the box. Text typed while it loads still gets suggestions.
 */
export function attachSearchBox(): () => void {
  const form = document.querySelector<HTMLFormElement>('form.site-search')
  const input = form?.querySelector<HTMLInputElement>('[role="combobox"]')
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (!form || !input) return () => {}

  const onSubmitClick = (event: MouseEvent) => {
    if (input.value.trim()) return
    event.preventDefault()
    input.focus()
  }
  form.classList.add('is-enhanced')
  submit?.addEventListener('click', onSubmitClick)
  const detachSuggestions = attachOnFirstUse(input, () => import('./typeahead').then((m) => m.attachTypeahead), {
    holdClicks: false,
    afterAttach: () => {
      if (input.value) input.dispatchEvent(new Event('input', { bubbles: true }))
    },
  })
  return () => {
    submit?.removeEventListener('click', onSubmitClick)
    detachSuggestions()
  }
}
