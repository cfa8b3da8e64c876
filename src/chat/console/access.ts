import { isChatStaffUser } from '@/platform/access'
import { getPayloadClient } from '@/platform/sitePayload'

/** Who may open the console: agents and admins; anyone else is refused, anonymous visitors sign in. */
export async function consoleAccess(requestHeaders: Headers): Promise<'allowed' | 'refused' | 'anonymous'> {
  const payload = await getPayloadClient()
  const { user } = await payload.auth({ headers: requestHeaders })
  if (!user) return 'anonymous'
  return isChatStaffUser(user) ? 'allowed' : 'refused'
}
