/**
 * A page's parent as a document or a form holds it (its id, the parent page itself, or nothing), as
 * its id. No import: the admin's slug field reads it in the browser too.
 */
export const parentId = (parent: unknown): number | string | null => {
  if (parent === null || parent === undefined || parent === '') return null
  if (typeof parent === 'object') return (parent as { id: number | string }).id
  return parent as number | string
}
