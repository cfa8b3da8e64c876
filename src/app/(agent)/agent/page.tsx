import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { AgentConsole } from '@/chat/console/AgentConsole'
import { consoleAccess } from '@/chat/console/access'

export const dynamic = 'force-dynamic'

export default async function AgentPage() {
  const access = await consoleAccess(await headers())
  if (access === 'anonymous') redirect('/agent/login')
  if (access === 'refused') {
    return (
      <main style={{ padding: '2rem' }}>
        <h1>Not allowed</h1>
        <p>Only agents and admins may use the chat console.</p>
      </main>
    )
  }
  return <AgentConsole />
}
