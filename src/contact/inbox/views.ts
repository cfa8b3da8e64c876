import type { Where } from 'payload'

/** One saved filter of the submissions list, with the `where` the list and the export both apply. */
export type InboxView = { key: string; label: string; where: Where }

/**
 * The inbox's views. "New" is what still needs a person: not yet marked handled, and not spam;
 * the others follow the delivery status (src/contact/collections/FormSubmissions.ts).
 */
export const INBOX_VIEWS: InboxView[] = [
  {
    key: 'new',
    label: 'New',
    where: { and: [{ handledAt: { exists: false } }, { deliveryStatus: { not_equals: 'spam' } }] },
  },
  { key: 'held', label: 'Held', where: { deliveryStatus: { equals: 'held' } } },
  { key: 'spam', label: 'Spam', where: { deliveryStatus: { equals: 'spam' } } },
  { key: 'failed', label: 'Failed', where: { deliveryStatus: { equals: 'failed' } } },
  { key: 'delivered', label: 'Delivered', where: { deliveryStatus: { equals: 'delivered' } } },
  { key: 'outbox', label: 'Only in the outbox', where: { deliveryStatus: { equals: 'outbox' } } },
]

/** A `where` as the admin writes it in a URL: `where[deliveryStatus][equals]=held`, brackets left readable. */
export function whereQuery(where: Where): string {
  const pairs: string[] = []
  const walk = (value: unknown, key: string) => {
    if (value !== null && typeof value === 'object')
      for (const [child, inner] of Object.entries(value as Record<string, unknown>)) walk(inner, `${key}[${child}]`)
    else pairs.push(`${key}=${encodeURIComponent(String(value))}`)
  }
  walk(where, 'where')
  return pairs.join('&')
}
