// A stand-in for Next's page cache of this process, where the server's code finds it outside a
// request (a scheduled publish run by the timer): src/platform/next/pageCache.ts names the place.
import { afterEach, beforeEach } from 'vitest'
import { INCREMENTAL_CACHE_GLOBAL, type IncrementalCache } from '@/platform/next/pageCache'

const holder = globalThis as { [INCREMENTAL_CACHE_GLOBAL]?: IncrementalCache }

/** Puts the stand-in in place: the tags of each revalidateTag call go to `record`. Answers what takes it away. */
export function standInPageCache(record: (tags: string[]) => void): () => void {
  holder[INCREMENTAL_CACHE_GLOBAL] = { revalidateTag: async (tags) => record(tags) }
  return () => {
    delete holder[INCREMENTAL_CACHE_GLOBAL]
  }
}

/** The stand-in for each test of the suite, put in place before it and taken away after it. */
export function standInPageCacheEachTest(record: (tags: string[]) => void): void {
  let takeAway: (() => void) | undefined
  beforeEach(() => {
    takeAway = standInPageCache(record)
  })
  afterEach(() => takeAway?.())
}
