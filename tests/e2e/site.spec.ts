import { expect, test } from '@playwright/test'
import { adminToken, seededPaths, seededTitle } from './helpers'

test.describe('seeded pages', () => {
  for (const pagePath of seededPaths) {
    test(`${pagePath} answers 200 with its title and one h1`, async ({ page }) => {
      const response = await page.goto(pagePath)
      expect(response?.status()).toBe(200)
      const seed = seededTitle(pagePath)
      await expect(page).toHaveTitle(new RegExp((seed.seo?.title ?? seed.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('header.site-header nav[aria-label="Main"]')).toBeVisible()
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(new URL(canonical!).pathname).toBe(pagePath)
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
    })
  }

  test('the home page describes the business as structured data', async ({ page }) => {
    await page.goto('/')
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    const types = blocks.map((text) => JSON.parse(text)['@type'])
    expect(types).toContain('LocalBusiness')
  })

  test('the FAQ page carries FAQPage structured data with every question', async ({ page }) => {
    await page.goto('/faq')
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    )
    const faq = blocks.find((data) => data['@type'] === 'FAQPage')
    const buttons = await page.locator('.accordion-toggle').count()
    expect(faq.mainEntity.length).toBe(buttons)
  })
})

test.describe('not found', () => {
  test('an unknown page answers 404 with the site around it', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.locator('h1')).toHaveText(/couldn’t find/)
    await expect(page.locator('header.site-header')).toBeVisible()
    await expect(page.locator('footer.site-footer')).toBeVisible()
  })

  for (const bad of [
    '/services/no-such-child',
    '/Services',
    '/home',
    '/%E0%A4%A',
    '/%00',
    '/a/b/c/d/e/f/g/h/i/j/k',
    '/services/..%2F..%2Fetc%2Fpasswd',
    `/${'x'.repeat(3000)}`,
    '/contact?%%=%zz&a[]=<script>',
  ]) {
    test(`a malformed or unknown address never errors: ${bad.slice(0, 40)}`, async ({ request }) => {
      const response = await request.get(bad, { failOnStatusCode: false })
      expect(response.status()).toBeLessThan(500)
      if (!bad.startsWith('/contact')) expect([400, 404]).toContain(response.status())
    })
  }
})

test.describe('search engines', () => {
  test('the sitemap lists every published page', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
    expect(locs.sort()).toEqual([...seededPaths].sort())
  })

  test('robots.txt points at the sitemap and keeps crawlers out of the admin', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text()
    expect(text).toMatch(/Sitemap: .*\/sitemap\.xml/)
    expect(text).toMatch(/Disallow: \/admin/)
  })
})

test.describe('security and health', () => {
  test('pages carry a nonce-based CSP and the other security headers', async ({ request }) => {
    const response = await request.get('/')
    const headers = response.headers()
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/)
    expect(headers['strict-transport-security']).toBeUndefined()
    const html = await response.text()
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'])![1]
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
  })

  test('every request gets a different nonce', async ({ request }) => {
    const first = (await request.get('/')).headers()['content-security-policy']
    const second = (await request.get('/')).headers()['content-security-policy']
    expect(first).not.toBe(second)
  })

  test('HSTS is sent when the site is reached over HTTPS through a proxy', async ({ request }) => {
    const response = await request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(response.headers()['strict-transport-security']).toMatch(/max-age=\d+/)
  })

  test('the page runs with no CSP violation in the console', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto('/faq')
    await page.locator('.accordion-toggle').first().click()
    await expect(page.locator('.accordion-item.selected')).toHaveCount(1)
    expect(violations).toEqual([])
  })

  test('the health endpoint reports the database', async ({ request }) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true, database: 'up' })
  })
})

test.describe('editing', () => {
  test('an edit made through the API shows on the page without a rebuild', async ({ request, page }) => {
    const token = await adminToken(request)
    const auth = { Authorization: `JWT ${token}` }
    const found = await (await request.get('/api/pages?where[path][equals]=/about', { headers: auth })).json()
    const about = found.docs[0]
    const newTitle = `About us, edited ${Date.now()}`
    try {
      const patch = await request.patch(`/api/pages/${about.id}`, {
        headers: auth,
        data: { title: newTitle, seo: { title: newTitle } },
      })
      expect(patch.ok()).toBe(true)
      await page.goto('/about')
      await expect(page).toHaveTitle(new RegExp(newTitle))
    } finally {
      // Put the seeded title back, so that suites checking the seeded pages find it.
      await request.patch(`/api/pages/${about.id}`, {
        headers: auth,
        data: { title: about.title, seo: { title: about.seo?.title ?? null } },
      })
    }
  })

  test('a draft is not shown to visitors', async ({ request }) => {
    const token = await adminToken(request)
    const auth = { Authorization: `JWT ${token}` }
    const created = await request.post('/api/pages?draft=true', {
      headers: auth,
      data: {
        title: 'Unpublished plan',
        slug: 'unpublished-plan',
        layout: [{ blockType: 'hero', heading: 'Secret' }],
        _status: 'draft',
      },
    })
    expect(created.ok()).toBe(true)
    try {
      expect((await request.get('/unpublished-plan', { failOnStatusCode: false })).status()).toBe(404)
      const anonymous = await (await request.get('/api/pages?where[slug][equals]=unpublished-plan')).json()
      expect(anonymous.docs).toEqual([])
    } finally {
      await request.delete(`/api/pages/${(await created.json()).doc.id}`, { headers: auth })
    }
  })
})

test.describe('admin', () => {
  test('/admin shows the login page, never the create-first-user screen', async ({ page }) => {
    await page.goto('/admin/create-first-user')
    await expect(page).toHaveURL(/\/admin\/login/)
    await expect(page.locator('input[type="password"]')).toBeVisible()
  })

  test('a wrong password is refused', async ({ request }) => {
    const response = await request.post('/api/users/login', {
      data: { email: 'admin@example.com', password: 'wrong-password' },
    })
    expect(response.status()).toBe(401)
  })
})
