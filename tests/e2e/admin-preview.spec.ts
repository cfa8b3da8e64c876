import { test, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { DRAFT_MODE_COOKIE } from '../../src/content/preview/draftCookie'
import { DRAFT_PAGE_CACHE_CONTROL } from '../../src/server/draftPages'
import { CACHED_PAGE_CACHE_CONTROL } from '../../src/server/pageResponses'
import { openAdmin, adminExpect as expect } from './support/admin'
import { adminToken } from './helpers'

// Who may preview and which paths, over HTTP: tests/integration/preview.test.ts; what draft mode does
// to a page's headers, and to a copied cookie: src/server/draftPages.test.ts and draftGate.test.ts.
// The live-preview pane beside the form: admin-autosave.spec.ts.

// A page of this suite's own, published, with a draft on top; deleted afterwards with its editor.
const stamp = Date.now()
const SLUG = `preview-check-${stamp}`
const PATH = `/${SLUG}`
const PUBLISHED_TEXT = `Published words ${stamp}`
const DRAFT_TEXT = `Draft words ${stamp}`
const EDITOR = { email: `preview-editor-${stamp}@example.com`, password: 'a-long-preview-password' }

let adminAuth: Record<string, string>
let pageId: number
let editorId: number

const heroLayout = (heading: string) => [{ blockType: 'hero', heading }]

test.beforeAll(async ({ request }) => {
  adminAuth = { Authorization: `JWT ${await adminToken(request)}` }
  const created = await request.post('/api/pages', {
    headers: adminAuth,
    data: { title: 'Preview check', slug: SLUG, layout: heroLayout(PUBLISHED_TEXT), _status: 'published' },
  })
  expect(created.ok()).toBe(true)
  pageId = (await created.json()).doc.id
  const draft = await request.patch(`/api/pages/${pageId}?draft=true`, {
    headers: adminAuth,
    data: { layout: heroLayout(DRAFT_TEXT), _status: 'draft' },
  })
  expect(draft.ok()).toBe(true)
  const editor = await request.post('/api/users', { headers: adminAuth, data: { ...EDITOR, roles: ['editor'] } })
  expect(editor.ok()).toBe(true)
  editorId = (await editor.json()).doc.id
})

test.afterAll(async ({ request }) => {
  if (pageId) await request.delete(`/api/pages/${pageId}`, { headers: adminAuth })
  if (editorId) await request.delete(`/api/users/${editorId}`, { headers: adminAuth })
})

async function signInAsEditor(context: BrowserContext, request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: EDITOR })
  const token = (await login.json()).token as string
  await context.addCookies([{ name: 'payload-token', value: token, url: E2E_URL, httpOnly: true, sameSite: 'Lax' }])
}

/** What a signed-out visitor gets at the page's public address, asked twice (the second from the cache). */
async function publicAnswers(request: APIRequestContext) {
  const first = await request.get(PATH)
  const second = await request.get(PATH)
  return { first, second, texts: [await first.text(), await second.text()] }
}

test('an editor follows the Preview button to the latest draft while visitors keep the published page', async ({
  browser,
  request,
}) => {
  const editorContext = await browser.newContext()
  await signInAsEditor(editorContext, request)
  const editorPage = await editorContext.newPage()
  try {
    await openAdmin(editorPage, `/collections/pages/${pageId}`)
    // Relative: the preview opens on the address the admin is open at, whatever SERVER_URL says.
    const previewPath = `/api/preview?path=${encodeURIComponent(PATH)}`
    await expect(editorPage.getByRole('link', { name: 'Preview', exact: true })).toHaveAttribute('href', previewPath)
    const previewRoute = `${E2E_URL}${previewPath}`
    const visit = editorPage.waitForResponse((response) => new URL(response.url()).pathname === PATH)
    await editorPage.goto(previewRoute)
    expect(new URL(editorPage.url()).pathname).toBe(PATH)
    await expect(editorPage.getByRole('heading', { name: DRAFT_TEXT })).toBeVisible()
    const bar = editorPage.getByRole('complementary', { name: 'Draft preview' })
    await expect(bar).toContainText('Previewing the latest draft')
    const draftHeaders = (await visit).headers()
    expect(draftHeaders['cache-control']).toBe(DRAFT_PAGE_CACHE_CONTROL)
    expect(draftHeaders['x-frame-options']).toBe('SAMEORIGIN')
    expect(draftHeaders['content-security-policy']).toContain("frame-ancestors 'self'")

    const visitor = await publicAnswers(request)
    for (const text of visitor.texts) {
      expect(text).toContain(PUBLISHED_TEXT)
      expect(text).not.toContain(DRAFT_TEXT)
    }
    expect(visitor.second.headers()['x-nextjs-cache']).toBe('HIT')
    expect(visitor.second.headers()['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
    expect(visitor.second.headers()['x-frame-options']).toBe('DENY')
    expect(visitor.second.headers()['content-security-policy']).toContain("frame-ancestors 'none'")

    // The draft-mode cookie copied without the editor's session shows only the published page.
    const draftCookie = (await editorContext.cookies()).find((cookie) => cookie.name === DRAFT_MODE_COOKIE)
    expect(draftCookie).toBeDefined()
    const copied = await fetch(`${E2E_URL}${PATH}`, {
      // As a browser on this site sends it (Payload accepts a session cookie only from this site).
      headers: { Cookie: `${DRAFT_MODE_COOKIE}=${draftCookie!.value}`, 'Sec-Fetch-Site': 'same-origin' },
    })
    const copiedText = await copied.text()
    // Dropped by the server: the page comes from the shared cache, as any visitor's does.
    expect(copied.headers.get('cache-control')).toBe(CACHED_PAGE_CACHE_CONTROL)
    expect(copiedText).toContain(PUBLISHED_TEXT)
    expect(copiedText).not.toContain(DRAFT_TEXT)
    expect(copiedText).not.toContain('Previewing the latest draft')

    await bar.getByRole('link', { name: 'Exit preview' }).click()
    await expect(editorPage.getByRole('heading', { name: PUBLISHED_TEXT })).toBeVisible()
    expect(new URL(editorPage.url()).pathname).toBe(PATH)
    await expect(editorPage.getByRole('complementary', { name: 'Draft preview' })).toHaveCount(0)
  } finally {
    await editorContext.close()
  }
})
