// Next's page cache as the server reaches it outside a request. Checked against the installed Next
// by internals.test.ts.

/** Next's tag for everything rendered under a path (revalidatePath(path, 'layout') marks it). */
export const IMPLICIT_TAG_PREFIX = '_N_T_'

export type IncrementalCache = {
  revalidateTag: (tags: string[], durations?: { expire?: number }) => Promise<void>
}

/** Where Next keeps its page cache for the process, once the server has answered a page. */
export const INCREMENTAL_CACHE_GLOBAL = '__incrementalCache'

/** The page cache Next keeps for this process, or undefined before the server has answered a page. */
export const processPageCache = () =>
  (globalThis as { [INCREMENTAL_CACHE_GLOBAL]?: IncrementalCache })[INCREMENTAL_CACHE_GLOBAL]
