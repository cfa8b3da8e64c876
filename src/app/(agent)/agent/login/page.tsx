import { LoginForm } from '@/chat/console/LoginForm'
import '@/chat/console/console.css'

export default function AgentLoginPage() {
  return (
    <main className="agent-console">
      <LoginForm />
    </main>
  )
}
