import type { CollectionConfig } from 'payload'
import { adminOrSelf, hasRole, isAdmin, isAdminField, ROLES } from '@/platform/access'
import { sameOriginSession } from '@/platform/auth/sameOriginSession'
import { explainLoginLimit, limitLoginsPerAddress } from '@/platform/loginLimit'
import { ONLY_IMAGES } from '../fields/uploadKinds'

/** Failed logins before an account is locked, and for how long. */
export const MAX_LOGIN_ATTEMPTS = 5
export const LOCK_TIME_MS = 15 * 60 * 1000

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'roles'] },
  auth: {
    maxLoginAttempts: MAX_LOGIN_ATTEMPTS,
    lockTime: LOCK_TIME_MS,
    tokenExpiration: 8 * 60 * 60,
    cookies: { sameSite: 'Lax' },
    // The session also works at any address the site answers on, not only at SERVER_URL.
    strategies: [sameOriginSession],
  },
  access: {
    // Agents work in the chat console, not in the content admin.
    admin: ({ req }) => hasRole(req.user as never, 'admin', 'editor'),
    read: adminOrSelf,
    create: isAdmin,
    update: adminOrSelf,
    delete: isAdmin,
    // The lockout after failed logins protects every account; only an admin may lift it.
    unlock: isAdmin,
  },
  // Guessing from one address stops at the per-address limit, before it can lock accounts out.
  hooks: { beforeOperation: [limitLoginsPerAddress], afterError: [explainLoginLimit] },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'displayName',
      label: 'Name shown in the chat',
      type: 'text',
      maxLength: 60,
      admin: { description: 'The name visitors see in the chat. Empty: your name, else your email before the @.' },
    },
    {
      name: 'photo',
      label: 'Photo shown in the chat',
      type: 'upload',
      relationTo: 'media',
      filterOptions: ONLY_IMAGES,
      admin: { description: 'Optional. Visitors see it, small, beside your messages in the chat.' },
    },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      required: true,
      // Chosen for each new user, never preset: an agent must not start out as an editor.
      saveToJWT: true,
      options: ROLES.map((role) => ({ label: role[0].toUpperCase() + role.slice(1), value: role })),
      access: { create: isAdminField, update: isAdminField },
    },
  ],
}
