import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { adminToken } from '../helpers'

export type TagIds = {
  gtmId?: string | null
  ga4Id?: string | null
  clarityId?: string | null
  hotjarId?: string | null
}

/** Points the site's tag settings at the given ids and origin, as an admin would in the settings. */
export async function configureTags(request: APIRequestContext, ids: TagIds, origin: string | null) {
  const token = await adminToken(request)
  const headers = { Authorization: `JWT ${token}` }
  const current = await (await request.get('/api/globals/site-settings?depth=0', { headers })).json()
  const analytics = {
    ...current.analytics,
    gtmId: null,
    ga4Id: null,
    clarityId: null,
    hotjarId: null,
    ...ids,
    tagOrigins: { google: origin, clarity: origin, hotjar: origin },
  }
  const response = await request.post('/api/globals/site-settings', { headers, data: { ...current, analytics } })
  if (!response.ok()) throw new Error(`updating the settings failed: ${response.status()} ${await response.text()}`)
  // The first visit after an edit may still get the page rendered before it (the cache refreshes
  // it behind): wait until pages carry the new tag origin, as a visitor would within seconds.
  if (origin) {
    const host = new URL(origin).host
    await expect.poll(async () => (await request.get('/')).text(), { timeout: 10_000 }).toContain(host)
  }
}

/** The commands gtag() and the site pushed to window.dataLayer, arguments objects turned into arrays. */
export function dataLayerOf(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      entry && typeof entry === 'object' && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  )
}

export const consentCommands = async (page: Page) =>
  (await dataLayerOf(page)).filter((entry) => Array.isArray(entry) && entry[0] === 'consent') as unknown[][]

/** Lets the page reach idle (when tags and the collector start) under Playwright's clock. */
export async function settle(page: Page) {
  await page.waitForLoadState('load')
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })))
}
