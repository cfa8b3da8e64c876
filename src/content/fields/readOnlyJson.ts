import type { JSONField } from 'payload'

/**
 * A JSON field the site fills and the admin shows as indented text (src/content/admin/JsonReadout.tsx),
 * never through Payload's code editor, which would load from a public CDN.
 */
export const readOnlyJson = (name: string, label?: string): JSONField => ({
  name,
  type: 'json',
  ...(label ? { label } : {}),
  admin: { readOnly: true, components: { Field: '/content/admin/JsonReadout#JsonReadout' } },
})
