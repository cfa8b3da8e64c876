import { test, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { PAGE_AUTOSAVE_INTERVAL_MS } from '../../src/content/collections/pageAutosave'
import { openAdmin, pageSaved, untilHydrated, adminExpect as expect } from './support/admin'
import { adminToken } from './helpers'

// What an autosave does (and never does) to visitors, and to a page being made with Create new, is
// tested on Payload itself: tests/integration/pages-autosave.test.ts. Here, an editor's path through it.

const stamp = Date.now()
const SLUG = `autosave-check-${stamp}`
const PATH = `/${SLUG}`
const PUBLISHED_TEXT = `Published words ${stamp}`
const TYPED_TEXT = `Typed, never saved by hand ${stamp}`

/**
 * How long the live preview may take to show what was typed: the autosave's pause, the save, the
 * pane's reload and its render, on a busy shared machine.
 */
const PREVIEW_FOLLOWS_WITHIN_MS = PAGE_AUTOSAVE_INTERVAL_MS + 14_000

// An editor of this suite's own: the admin remembers per user whether the live preview is open,
// which the other suites' admin must not inherit from here.
const EDITOR = { email: `autosave-editor-${stamp}@example.com`, password: 'a-long-autosave-password' }

let adminAuth: Record<string, string>
let pageId: number
let editorId: number

async function signInAsEditor(context: BrowserContext, request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: EDITOR })
  const token = (await login.json()).token as string
  await context.addCookies([{ name: 'payload-token', value: token, url: E2E_URL, httpOnly: true, sameSite: 'Lax' }])
}

test.beforeAll(async ({ request }) => {
  adminAuth = { Authorization: `JWT ${await adminToken(request)}` }
  const created = await request.post('/api/pages', {
    headers: adminAuth,
    data: {
      title: 'Autosave check',
      slug: SLUG,
      layout: [{ blockType: 'hero', heading: PUBLISHED_TEXT }],
      _status: 'published',
    },
  })
  expect(created.ok()).toBe(true)
  pageId = (await created.json()).doc.id
  const editor = await request.post('/api/users', { headers: adminAuth, data: { ...EDITOR, roles: ['editor'] } })
  expect(editor.ok()).toBe(true)
  editorId = (await editor.json()).doc.id
})

test.afterAll(async ({ request }) => {
  if (pageId) await request.delete(`/api/pages/${pageId}`, { headers: adminAuth })
  if (editorId) await request.delete(`/api/users/${editorId}`, { headers: adminAuth })
})

/** The public page as a signed-out visitor gets it: its bytes and whether it came from the cache. */
async function publicPage(request: APIRequestContext) {
  const response = await request.get(PATH)
  return { body: await response.text(), cache: response.headers()['x-nextjs-cache'] }
}

test('the live preview follows typing with no button pressed, and visitors keep the published page until Publish', async ({
  context,
  page,
  request,
}) => {
  await signInAsEditor(context, request)
  await publicPage(request)
  const before = await publicPage(request)
  expect(before.body).toContain(PUBLISHED_TEXT)

  await openAdmin(page, `/collections/pages/${pageId}`)
  // Save Draft stays beside the autosave.
  await expect(page.getByRole('button', { name: 'Save Draft' })).toBeVisible()
  await page.getByRole('button', { name: 'Live Preview' }).click()
  const pane = page.frameLocator('#live-preview-iframe')
  await expect(pane.getByRole('heading', { name: PUBLISHED_TEXT })).toBeVisible()

  const autosaved = pageSaved(page, pageId, { autosave: true, timeout: PREVIEW_FOLLOWS_WITHIN_MS })
  const heading = page.locator('input[name="layout.0.heading"]')
  await untilHydrated(heading)
  await heading.pressSequentially(TYPED_TEXT)
  expect((await autosaved).ok()).toBe(true)
  await expect(pane.getByRole('heading', { name: TYPED_TEXT })).toBeVisible({ timeout: PREVIEW_FOLLOWS_WITHIN_MS })

  // The autosave changed nothing visitors get: the same bytes, still from the cache (no revalidation).
  const during = await publicPage(request)
  expect(during.body).toBe(before.body)
  expect(during.cache).toBe('HIT')

  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect.poll(async () => (await publicPage(request)).body).toContain(TYPED_TEXT)
})
