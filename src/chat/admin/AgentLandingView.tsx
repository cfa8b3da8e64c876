import Link from 'next/link'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'
import { hasRole, type Role } from '@/platform/access'
import { AGENT_CONSOLE_PATH } from './AgentConsoleLink'

/**
 * The admin's "not allowed" page. Agents, who sign in to the admin and may not use it, are sent on
 * to the chat console; anyone else reads why and may sign out.
 */
export function AgentLandingView({ initPageResult }: AdminViewServerProps) {
  const { user } = initPageResult.req
  if (hasRole(user as { roles?: Role[] | null } | null, 'agent')) redirect(AGENT_CONSOLE_PATH)
  return (
    <div className="unauthorized" style={{ padding: '2rem' }}>
      <h1>Not allowed</h1>
      <p>You are not allowed to open this page of the admin.</p>
      <Link href="/admin/logout">Log out</Link>
    </div>
  )
}
