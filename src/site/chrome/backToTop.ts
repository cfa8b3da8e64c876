import { listen } from '@/dom/dom'
import { smoothScrollTo } from './smoothScroll'

/** Back-to-top scrolls to the top and moves keyboard focus there too. */
export function attachBackToTop(): () => void {
  return listen(document, 'click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a.back-to-top')
    if (!link) return
    event.preventDefault()
    void smoothScrollTo(0).then(() => {
      document.getElementById('top')?.focus({ preventScroll: true })
      if (window.location.hash)
        history.replaceState(history.state, '', window.location.pathname + window.location.search)
    })
  })
}
