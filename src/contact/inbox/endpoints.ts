import type { Endpoint } from 'payload'
import { hasRole, type Role } from '@/platform/access'
import { runContactQueue } from '../delivery/runner'
import { applyInboxAction } from './actions'
import { ACTION_MESSAGES, ACTION_PATHS, INBOX_ACTIONS, type InboxAction } from './protocol'

/** Ids are plain positive integers; anything else is refused before the database sees it. */
const PLAIN_ID = /^[1-9]\d{0,11}$/

const answer = (status: number, message: string) =>
  Response.json({ ok: status === 200, message }, { status, headers: { 'Cache-Control': 'no-store' } })

const STATUS_OF = { done: 200, wrongState: 409, notFound: 404 } as const

function actionEndpoint(action: InboxAction): Endpoint {
  return {
    path: `/:id/${ACTION_PATHS[action]}`,
    method: 'post',
    handler: async (req) => {
      const user = req.user as { email?: string; roles?: Role[] } | null
      if (!user) return answer(401, ACTION_MESSAGES.signedOut)
      if (!hasRole(user, 'admin', 'editor')) return answer(403, ACTION_MESSAGES.forbidden)
      const id = req.routeParams?.id
      if (typeof id !== 'string' || !PLAIN_ID.test(id)) return answer(404, ACTION_MESSAGES.notFound)
      const outcome = await applyInboxAction(req.payload, Number(id), action, user.email ?? 'unknown')
      if (outcome === 'done' && action !== 'handled') void runContactQueue(req.payload)
      const message =
        outcome === 'done'
          ? ACTION_MESSAGES.done[action]
          : outcome === 'wrongState'
            ? ACTION_MESSAGES.wrongState[action]
            : ACTION_MESSAGES.notFound
      return answer(STATUS_OF[outcome], message)
    },
  }
}

/** POST /api/form-submissions/:id/{release,resend,not-spam,handled}, for editors and admins. */
export const inboxActionEndpoints: Endpoint[] = INBOX_ACTIONS.map(actionEndpoint)
