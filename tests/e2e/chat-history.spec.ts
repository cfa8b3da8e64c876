import { test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { adminCredentials } from './helpers'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'

// What a conversation records (its agent, its end), what deleting one takes with it, and how long
// history is kept: tests/integration/chat-history-*.test.ts. Here, what an admin sees of it.

type Auth = { Authorization: string; Origin: string }

/**
 * A whole chat through the real endpoints: a visitor starts it, writes and sends a file, the admin
 * (an agent too) accepts, answers and ends it. Answers the conversation's id and the file's id.
 */
async function chatThatEnded(browser: Browser, request: APIRequestContext, auth: Auth, name: string) {
  const visitor = await browser.newContext()
  const post = (data: unknown) => visitor.request.post('/api/chat/visitor', { data, headers: { Origin: E2E_URL } })
  expect((await post({ action: 'start', name, email: 'tess@example.com' })).ok()).toBe(true)
  expect((await post({ action: 'message', text: 'Is 12 Oak Street clear?' })).ok()).toBe(true)
  const upload = await visitor.request.post('/api/chat/files', {
    headers: { Origin: E2E_URL },
    multipart: { file: { name: 'deed.txt', mimeType: 'text/plain', buffer: Buffer.from('Deed of 12 Oak Street\n') } },
  })
  expect(upload.ok()).toBe(true)
  await visitor.close()

  const found = await request.get(`/api/chat-conversations?where[name][equals]=${encodeURIComponent(name)}`, {
    headers: auth,
  })
  const conversationId = ((await found.json()).docs as { id: number }[])[0].id
  const agent = (data: object) => request.post('/api/chat/agent', { headers: auth, data: { conversationId, ...data } })
  expect((await agent({ action: 'accept' })).ok()).toBe(true)
  expect((await agent({ action: 'message', text: 'Yes, the title is clear.' })).ok()).toBe(true)
  expect((await agent({ action: 'end' })).ok()).toBe(true)
  const files = await request.get(`/api/chat-files?where[conversation][equals]=${conversationId}`, { headers: auth })
  const fileId = ((await files.json()).docs as { id: number }[])[0].id
  return { conversationId, fileId }
}

/** Signs the browser in as the admin, and answers the same admin's headers for the API. */
const signInBoth = async (context: BrowserContext, request: APIRequestContext): Promise<Auth> => ({
  Authorization: `JWT ${await signInAsAdmin(context, request)}`,
  Origin: E2E_URL,
})

test('a conversation’s admin view shows its transcript in order, its agent and its end; the list finds it by visitor', async ({
  browser,
  context,
  page,
  request,
}) => {
  const auth = await signInBoth(context, request)
  const name = `Tess Transcript ${Date.now()}`
  const { conversationId, fileId } = await chatThatEnded(browser, request, auth, name)
  try {
    await openAdmin(page, `/collections/chat-conversations/${conversationId}`)

    const transcript = page.getByRole('region', { name: 'Transcript' })
    const lines = transcript.locator('.chat-transcript__event')
    await expect(lines).toHaveText([
      /System.*You are in the queue/,
      new RegExp(`${name}.*Is 12 Oak Street clear\\?`),
      new RegExp(`${name}.*deed`),
      /System.*joined the chat/,
      /Yes, the title is clear\./,
      /System.*ended the chat/,
    ])
    await expect(lines.nth(2).getByRole('link')).toHaveAttribute('href', `/api/chat/files/${fileId}`)
    await expect(lines.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
    await expect(page.locator('#field-status')).toContainText('ended')
    await expect(page.locator('#field-agent')).toContainText(adminCredentials().email)
    // Read-only: nothing here saves changes to a visitor's chat.
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)

    await openAdmin(page, '/collections/chat-conversations')
    for (const heading of ['Visitor', 'Agent', 'Status', 'Last message']) {
      await expect(page.locator('table thead')).toContainText(heading)
    }
    await page.locator('.search-filter__input').fill(name)
    await expect(page.locator('table tbody tr')).toHaveCount(1)
    await expect(page.locator('table tbody tr')).toContainText('ended')
  } finally {
    await request.delete(`/api/chat-conversations/${conversationId}`, { headers: auth })
  }
})
