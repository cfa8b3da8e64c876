import { type Page, test } from '@playwright/test'
import { FIRST_VISIT } from '../../../playwright.config'
import { configureTags, settle } from './analytics'
import { startTagStandIn, type TagStandIn } from './tagStandIn'

export const ALL_DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
}
export const ALL_GRANTED = {
  ad_storage: 'granted',
  analytics_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
}
export const TAG_IDS = { gtmId: 'GTM-TEST1', ga4Id: 'G-TEST1', clarityId: 'clar1', hotjarId: '1234567' }

/**
 * The consent suites' set-up, run serially as a first visit (no privacy choice stored yet): the site's
 * tags point at a stand-in, cleared before each test. Returns the stand-in.
 */
export function prepareConsentSuite(): () => TagStandIn {
  let standIn: TagStandIn
  test.describe.configure({ mode: 'serial' })
  test.use({ storageState: FIRST_VISIT })
  test.beforeAll(async ({ request }) => {
    standIn = await startTagStandIn()
    await configureTags(request, TAG_IDS, standIn.origin)
  })
  test.afterAll(async ({ request }) => {
    await configureTags(request, {}, null)
    await standIn.close()
  })
  test.beforeEach(() => {
    standIn.clear()
  })
  return () => standIn
}

export const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' })
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Privacy choices' })
export const fromRegion = (page: Page, region: string) => page.setExtraHTTPHeaders({ 'x-visitor-region': region })

/** Waits long enough for tags to have loaded if they were going to. */
export async function idleAndQuiet(page: Page) {
  await settle(page)
  await page.waitForLoadState('networkidle')
}
