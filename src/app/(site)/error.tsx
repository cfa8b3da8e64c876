'use client'

import { ErrorNotice } from '@/site/errors/ErrorNotice'

/** A page of the site that failed to render, inside the site's own layout and styles. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="container">
      <ErrorNotice onRetry={reset} />
    </main>
  )
}
