import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { implicitTags } from './revalidateOutsideRequest'

/** The tags Next's own revalidatePath marks, read from the store it leaves them in. */
async function tagsNextMarks(path: string, type?: 'layout'): Promise<string[]> {
  // Next's server sets this global before loading its request stores.
  ;(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage
  const { revalidatePath } = await import('next/cache')
  const { workAsyncStorage } = await import('next/dist/server/app-render/work-async-storage.external.js')
  const store = { incrementalCache: {}, pendingRevalidatedTags: [] as { tag: string }[] }
  workAsyncStorage.run(store as never, () => revalidatePath(path, type))
  return store.pendingRevalidatedTags.map(({ tag }) => tag)
}

describe('the tags a change outside a request makes stale', () => {
  it('are the ones revalidatePath marks, for a page, the home page and every page', async () => {
    expect(implicitTags(['/about/team'], false)).toEqual(await tagsNextMarks('/about/team'))
    expect(implicitTags(['/'], false)).toEqual(await tagsNextMarks('/'))
    expect(implicitTags([], true)).toEqual(await tagsNextMarks('/', 'layout'))
  })
})
