import { JWTAuthentication, type AuthStrategy } from 'payload'
import { originOfHeaders } from '@/security/origin'

/**
 * The admin's session at whatever address the site answers on. Payload accepts its session cookie
 * only from SERVER_URL's origin, so an admin opened at a second host name, a staging address or an
 * IP could sign in but then failed every request it made ("Unauthorized", "You are not allowed to
 * perform this action"). A request the browser itself marks as coming from the address it is sent
 * to is same-origin whatever SERVER_URL says: this strategy checks that and then verifies the
 * cookie exactly as Payload's own strategy does. Cross-site requests still carry no session.
 */
export const sameOriginSession: AuthStrategy = {
  name: 'same-origin-session',
  authenticate: async (args) => {
    if (!args.headers.get('origin') || originOfHeaders(args.headers) !== 'same-origin') return { user: null }
    const vouched = new Headers(args.headers)
    vouched.delete('origin')
    vouched.set('sec-fetch-site', 'same-origin')
    return JWTAuthentication({ ...args, headers: vouched, strategyName: 'local-jwt' })
  },
}
