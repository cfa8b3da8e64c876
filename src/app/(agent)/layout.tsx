import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import '@/site/styles/global.css'

export const metadata: Metadata = { title: 'Chat console', robots: { index: false, follow: false } }

/** The agent console lives outside the public site's chrome. */
export default async function AgentLayout({ children }: { children: ReactNode }) {
  // The console depends on who is signed in: every page of it renders per request.
  await headers()
  return (
    <html lang="en-US">
      <body>{children}</body>
    </html>
  )
}
