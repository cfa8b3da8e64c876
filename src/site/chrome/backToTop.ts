import { PAGE_TOP_ID } from '@/dom/dom'
import { subscribeToLinks } from '@/dom/linkRouter'
import { smoothScrollTo } from './smoothScroll'

/**
 * Back-to-top scrolls to the top and moves keyboard focus there too; it claims its link, so
 * in-page navigation leaves it alone and the address bar drops its hash instead of adding history.
 */
export function attachBackToTop(): () => void {
  return subscribeToLinks('claim', ({ link }) => {
    if (!link.classList.contains('back-to-top')) return false
    void smoothScrollTo(0).then(() => {
      document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true })
      if (window.location.hash)
        history.replaceState(history.state, '', window.location.pathname + window.location.search)
    })
    return true
  })
}
