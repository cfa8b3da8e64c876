import { parentId } from '../collections/pageParent'

/**
 * Why the slug field keeps a refusal itself. After a refused publish, Payload's admin checks the form
 * again; a check sent before the refusal reached the form skips the fields' checks (its `submitted`
 * flag is stale), and a refused autosave clears that flag too, so the error beside the slug could go
 * a moment after it was shown. The field remembers the last refusal and shows it until what was
 * refused changes or a save goes through.
 */
export type SlugRefusal = {
  message: string
  slug: string
  parent: string | null
  /** When the document was last saved as the refusal came: a later save means it no longer holds. */
  savedAt: string | null
}

/** What the field sees on each render. */
export type SlugFieldNow = {
  /** The error Payload's form shows now, if it shows one. */
  shownError: string | undefined
  slug: string
  parent: unknown
  savedAt: unknown
}

/** A page's parent as one comparable value, whether the form holds its id or the page itself. */
const parentKey = (parent: unknown): string | null => {
  const id = parentId(parent)
  return id === null ? null : String(id)
}

const savedKey = (savedAt: unknown): string | null => (typeof savedAt === 'string' ? savedAt : null)

/** The refusal to show beside the slug now: the form's own error, else the kept one while it holds. */
export function keptRefusal(kept: SlugRefusal | undefined, now: SlugFieldNow): SlugRefusal | undefined {
  const parent = parentKey(now.parent)
  const savedAt = savedKey(now.savedAt)
  const holds = kept && kept.slug === now.slug && kept.parent === parent && kept.savedAt === savedAt
  if (now.shownError && !(holds && kept.message === now.shownError))
    return { message: now.shownError, slug: now.slug, parent, savedAt }
  return holds ? kept : undefined
}
