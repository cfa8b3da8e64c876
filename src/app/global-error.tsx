'use client'

import { ErrorNotice } from '@/site/errors/ErrorNotice'

/** The site's colours for the one page that replaces the whole layout (its style sheets with it). */
const STYLES = `
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#f5f7fa}
.error-notice{max-width:40rem;margin:3rem auto;padding:0 1.25rem}
.error-notice h1{color:#12325a;font-size:1.75rem;line-height:1.25}
.error-notice a{color:#0b5cad;font-weight:600}
.error-notice button{font:inherit;font-weight:600;color:#fff;background:#12325a;border:0;border-radius:4px;padding:.5rem 1rem;cursor:pointer}
.error-notice button:focus-visible,.error-notice a:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
`

/** Any error the site's layout itself hit (for one, the database gone while the layout read the settings). */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-US">
      <head>
        <title>Something went wrong</title>
        <style>{STYLES}</style>
      </head>
      <body>
        <main>
          <ErrorNotice onRetry={reset} />
        </main>
      </body>
    </html>
  )
}
