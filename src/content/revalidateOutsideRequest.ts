// Revalidation for edits made outside a request (a scheduled publish run by the server's timer),
// where Next's revalidatePath has no request to attach to and would do nothing.

import { IMPLICIT_TAG_PREFIX, processPageCache } from '@/platform/next/pageCache'

/** The tags revalidatePath would mark for these paths; every page is the root layout's tag. */
export function implicitTags(paths: string[], everyPage: boolean): string[] {
  if (everyPage) return [`${IMPLICIT_TAG_PREFIX}/layout`]
  return paths.flatMap((path) => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
    return trimmed === '/'
      ? [`${IMPLICIT_TAG_PREFIX}/`, `${IMPLICIT_TAG_PREFIX}/index`]
      : [IMPLICIT_TAG_PREFIX + trimmed]
  })
}

/**
 * Tells the process's page cache (memory, or Redis shared by every instance) what is stale.
 * Before the server has answered any page there is no cache here yet, and nothing to tell.
 */
export async function revalidateOutsideRequest(pathTags: string[], dataTags: string[]): Promise<boolean> {
  const cache = processPageCache()
  if (!cache) return false
  if (pathTags.length > 0) await cache.revalidateTag(pathTags)
  if (dataTags.length > 0) await cache.revalidateTag(dataTags, { expire: 0 })
  return true
}
