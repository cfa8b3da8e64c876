import type { Access, FieldAccess, PayloadRequest, Where } from 'payload'

export const ROLES = ['admin', 'editor', 'agent'] as const
export type Role = (typeof ROLES)[number]

type MaybeUser = { roles?: Role[] | null } | null | undefined

export function hasRole(user: MaybeUser, ...roles: Role[]): boolean {
  return Boolean(user?.roles?.some((role) => roles.includes(role)))
}

/** Who works in the chat console: agents, and admins who may step in. */
export const CHAT_STAFF_ROLES: readonly Role[] = ['agent', 'admin']

/** Whether a signed-in account (any shape Payload hands over) is chat staff. */
export const isChatStaffUser = (user: unknown): boolean => hasRole(user as MaybeUser, ...CHAT_STAFF_ROLES)

const userOf = (req: PayloadRequest) => req.user as MaybeUser

export const isAdmin: Access = ({ req }) => hasRole(userOf(req), 'admin')
export const isAdminField: FieldAccess = ({ req }) => hasRole(userOf(req), 'admin')
export const isContentEditor: Access = ({ req }) => hasRole(userOf(req), 'admin', 'editor')
export const anyone: Access = () => true

/** Visitors read published documents only, never one in the trash; editors also see drafts and the trash. */
export const publishedOrEditor: Access = ({ req }) => {
  if (hasRole(userOf(req), 'admin', 'editor')) return true
  const visible: Where[] = [{ _status: { equals: 'published' } }, { deletedAt: { exists: false } }]
  return { and: visible }
}

/** Admins read every account; anyone else only their own. */
export const adminOrSelf: Access = ({ req }) => {
  const user = req.user
  if (!user) return false
  if (hasRole(userOf(req), 'admin')) return true
  return { id: { equals: user.id } }
}
