import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetKnownAddresses, knownAddresses } from '@/content/knownAddresses'
import { keepKnownAddressesFresh, readKnownAddresses } from '@/content/knownAddressesLoader'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

const page = (slug: string, status: 'draft' | 'published') =>
  payload.create({
    collection: 'pages',
    data: { title: slug, slug, layout: [{ blockType: 'hero', heading: slug }], _status: status } as never,
    draft: status === 'draft',
  })

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await page('deeds', 'published')
  await page('unfinished', 'draft')
  await keepKnownAddressesFresh(payload)
}, 60_000)
afterAll(async () => {
  forgetKnownAddresses()
  await cleanup?.()
})

describe('the addresses the page route answers', () => {
  it('are the published pages and the redirect sources, never a draft', async () => {
    await payload.create({
      collection: 'redirects',
      data: { from: '/old-deeds', to: 'address', address: '/deeds' } as never,
    })
    const addresses = await readKnownAddresses(payload)
    expect(addresses).toEqual(expect.arrayContaining(['/deeds', '/old-deeds']))
    expect(addresses).not.toContain('/unfinished')
  })

  it('take in a page published here before anyone can ask for it', async () => {
    const created = await page('surveys', 'published')
    // Forgotten at once by the edit, so nothing refuses the new address while the set is read again.
    expect(knownAddresses()?.has('/surveys') ?? true).toBe(true)
    await expect.poll(() => knownAddresses()?.has('/surveys'), { timeout: 5_000 }).toBe(true)
    await payload.update({ collection: 'pages', id: created.id, data: { _status: 'draft' } as never })
    await expect.poll(() => knownAddresses()?.has('/surveys'), { timeout: 5_000 }).toBe(false)
  })
})
