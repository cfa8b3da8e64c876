import type { ServerProps } from 'payload'
import { isChatStaffUser } from '@/platform/access'

/** Where the chat console lives, outside the admin. */
export const AGENT_CONSOLE_PATH = '/agent'

/** The admin navigation's entry for the chat console, shown to agents and admins. */
export function AgentConsoleLink({ user }: ServerProps) {
  if (!isChatStaffUser(user)) return null
  // A plain link: the console is its own app, not a page of the admin.
  return (
    <a href={AGENT_CONSOLE_PATH} className="nav__link" id="nav-agent-console">
      <span className="nav__link-label">Chat console</span>
    </a>
  )
}
