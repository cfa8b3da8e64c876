import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'

export const metadata: Metadata = { title: 'Chat console', robots: { index: false, follow: false } }

/** The agent console lives outside the public site's chrome. */
export default async function AgentLayout({ children }: { children: ReactNode }) {
  // Reading the request renders every console page per request, so Next applies the CSP nonce.
  await headers()
  return (
    <html lang="en-US">
      <body>{children}</body>
    </html>
  )
}
