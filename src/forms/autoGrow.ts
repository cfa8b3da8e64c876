/**
 * Textareas grow with their content through CSS `field-sizing: content` (see elements.css).
 * Browsers without it get the same from this script: the height follows the content up to the
 * CSS max-height, beyond which the textarea scrolls.
 */
export function attachAutoGrow(): () => void {
  if (typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content')) return () => {}
  const fit = (textarea: HTMLTextAreaElement) => {
    textarea.style.height = 'auto'
    textarea.style.height = `${textarea.scrollHeight + textarea.offsetHeight - textarea.clientHeight}px`
  }
  const onInput = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) fit(event.target)
  }
  document.querySelectorAll('textarea').forEach(fit)
  document.addEventListener('input', onInput)
  return () => document.removeEventListener('input', onInput)
}
