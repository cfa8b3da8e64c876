import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'

export const FIRST_ADMIN_EMAIL_DEFAULT = 'admin@example.com'

/**
 * Creates the first admin with a random password when there is no user yet, and returns the
 * credentials so that the caller can print them once. Payload's first-user screen is never
 * left open on a running site.
 */
export async function ensureFirstAdmin(
  payload: Payload,
  email = process.env.ADMIN_EMAIL || FIRST_ADMIN_EMAIL_DEFAULT,
): Promise<{ email: string; password: string } | null> {
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return null
  const password = randomBytes(18).toString('base64url')
  await payload.create({
    collection: 'users',
    data: { email, password, name: 'Site administrator', roles: ['admin'] },
    overrideAccess: true,
  })
  return { email, password }
}
