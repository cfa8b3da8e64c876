import { telHref } from '@/content/fields/linkHref'
import { BUILT_IN_BUSINESS } from '@/content/builtInBusiness'

/**
 * What a visitor reads when a page failed on our side: plain words, a way to try again, and the
 * business's phone as the site was built with it (an error page reads nothing from the server).
 */
export function ErrorNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-notice">
      <h1>Something went wrong on our side</h1>
      <p>This page could not be shown just now. Nothing you did caused it, and it usually clears within a minute.</p>
      <p>
        <button type="button" onClick={onRetry}>
          Try again
        </button>{' '}
        or{' '}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load leaves the failed state behind */}
        <a href="/">go to the home page</a>.
      </p>
      <p>
        To reach {BUILT_IN_BUSINESS.name} now, call{' '}
        <a href={telHref(BUILT_IN_BUSINESS.phone)}>{BUILT_IN_BUSINESS.phone}</a>.
      </p>
    </div>
  )
}
