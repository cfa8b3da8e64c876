'use client'

import { ErrorNotice } from '@/site/errors/ErrorNotice'

/** A page of the site that failed to render, inside the site's own layout (its header and footer) and styles. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="container">
      <ErrorNotice onRetry={reset} />
    </div>
  )
}
