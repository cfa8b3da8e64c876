import type { Metadata } from 'next'
import { LoginForm } from '@/chat/console/LoginForm'
import '@/chat/console/console.css'

/** Its own title, so that a screen reader and the tab strip tell the sign-in from the console. */
export const metadata: Metadata = { title: 'Sign in · Chat console' }

export default function AgentLoginPage() {
  return (
    <main className="agent-console">
      <LoginForm />
    </main>
  )
}
