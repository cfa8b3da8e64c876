import type { Field } from 'payload'
import { isAdminField } from '@/platform/access'

/** Internal addresses and keys (who gets mail, who sends it): read by admins only, and by the site's own code. */
export const adminOnlyAccess = { read: isAdminField, update: isAdminField }

/** A secret only admins may read or change through the API. */
export const secretField = (name: string, label: string, description?: string): Field => ({
  name,
  label,
  type: 'text',
  access: adminOnlyAccess,
  admin: { description },
})

/** A list of email addresses only admins may read or change through the API. */
export const emailListField = (name: string, description: string): Field => ({
  name,
  type: 'array',
  access: adminOnlyAccess,
  admin: { description },
  fields: [{ name: 'email', type: 'email', required: true }],
})
