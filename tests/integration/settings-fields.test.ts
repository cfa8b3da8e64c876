import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TAG_ID_FORMATS } from '@/analytics/settings/tagIds'
import { fieldRefusal as refusal } from '../support/fieldRefusal'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

const business = { name: 'Settings test', state: 'Ohio' }
const saveAnalytics = (analytics: Record<string, unknown>) =>
  payload.updateGlobal({ slug: 'site-settings', data: { business, analytics } as never })

/** The field paths Payload names when it refuses a save. */
const refusedPaths = async (save: Promise<unknown>) => (await refusal(save)).map((error) => error.path)

describe('the analytics settings an admin edits', () => {
  it('refuse a tag id of the wrong shape beside its field, showing the shape it should have, and keep what was saved before', async () => {
    await saveAnalytics({ gtmId: TAG_ID_FORMATS.gtmId.example })
    expect(await refusal(saveAnalytics({ gtmId: 'UA-1234-5' }))).toEqual([
      { path: 'analytics.gtmId', message: expect.stringContaining(TAG_ID_FORMATS.gtmId.example) },
    ])
    expect(await refusedPaths(saveAnalytics({ ga4Id: 'GTM-5XK2P9Q' }))).toEqual(['analytics.ga4Id'])
    const settings = await payload.findGlobal({ slug: 'site-settings' })
    expect(settings.analytics?.gtmId).toBe(TAG_ID_FORMATS.gtmId.example)
  })

  it('keep the denied regions as one list of codes, upper-cased and without repeats', async () => {
    const saved = await saveAnalytics({ deniedRegions: ['de', ' US-CA ', 'DE', 'fr'] })
    expect(saved.analytics?.deniedRegions).toEqual(['DE', 'US-CA', 'FR'])
  })

  it('refuse a region that is not a code', async () => {
    expect(await refusedPaths(saveAnalytics({ deniedRegions: ['DE', 'Germany', '<script>'] }))).toEqual([
      'analytics.deniedRegions',
    ])
  })

  it('keep the banner text the admin wrote', async () => {
    const saved = await saveAnalytics({ bannerText: 'We use cookies only with your permission.' })
    expect(saved.analytics?.bannerText).toBe('We use cookies only with your permission.')
    expect(await refusedPaths(saveAnalytics({ bannerText: 'x'.repeat(601) }))).toEqual(['analytics.bannerText'])
  })
})

describe('the page title pattern an admin edits', () => {
  const saveBusiness = (change: Record<string, unknown>) =>
    payload.updateGlobal({ slug: 'site-settings', data: { business: { ...business, ...change } } as never })

  it('starts as "{page} | {site}", takes another that places both once, and refuses one without the business name beside its field', async () => {
    expect((await payload.findGlobal({ slug: 'site-settings' })).business.titleTemplate).toBe('{page} | {site}')
    await saveBusiness({ titleTemplate: '{site}: {page}' })
    expect(await refusal(saveBusiness({ titleTemplate: '{page}' }))).toEqual([
      { path: 'business.titleTemplate', message: expect.stringContaining('{page} and {site} once each') },
    ])
    expect((await payload.findGlobal({ slug: 'site-settings' })).business.titleTemplate).toBe('{site}: {page}')
  })
})
