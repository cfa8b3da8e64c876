import { ROLES } from '@/platform/access'

/** The account fields an agent's name is made from. */
export type NamedAccount = { email: string; name?: string | null; displayName?: string | null }

/**
 * Names that say what an account may do rather than who holds it: the roles, and the name the
 * first admin was given before accounts had a display name. Visitors never see these.
 */
const ROLE_NAMES = new Set([...ROLES, 'administrator', 'site administrator'])

const isRoleName = (name: string) => ROLE_NAMES.has(name.toLowerCase())

/**
 * The name visitors (and the other agents) see for an agent: the display name from their profile,
 * else their name, else the part of their email before the @; never a role.
 */
export function agentNameOf(account: NamedAccount): string {
  const displayName = account.displayName?.trim()
  if (displayName) return displayName
  const name = account.name?.trim()
  if (name && !isRoleName(name)) return name
  return account.email.split('@')[0] || account.email
}
