import type { Metadata } from 'next'
import type { ReactNode } from 'react'

export const metadata: Metadata = { title: 'Chat console', robots: { index: false, follow: false } }

/** The agent console lives outside the public site's chrome. */
export default function AgentLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US">
      <body>{children}</body>
    </html>
  )
}
