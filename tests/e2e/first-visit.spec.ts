import { expect, test } from '@playwright/test'
import { E2E_URL, FIRST_VISIT } from '../../playwright.config'

test.describe('a first visit', () => {
  test('fetches the home page document once, with no client hint that would make Chromium ask again', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: FIRST_VISIT })
    const page = await context.newPage()
    const home = `${E2E_URL}/`
    let documentRequests = 0
    page.on('request', (request) => {
      if (request.url() === home) documentRequests++
    })
    const response = await page.goto('/', { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    const headers = await response!.allHeaders()
    expect(headers['critical-ch']).toBeUndefined()
    expect(headers['accept-ch']).toBeUndefined()
    expect(headers.vary ?? '').not.toMatch(/sec-ch-/i)
    expect(documentRequests).toBe(1)
    await context.close()
  })

  test('the admin still asks for its colour-scheme hint', async ({ request }) => {
    const response = await request.get('/admin', { maxRedirects: 0, failOnStatusCode: false })
    expect(response.headers()['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
  })
})
