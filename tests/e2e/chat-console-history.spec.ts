import { expect, test } from '@playwright/test'
import { seriousAxeViolations } from './support/axe'
import { endChatAsAgent, openConsole, prepareChatSuite, queueEntry, startChat, visitorName } from './support/chat'

// The agent console's history of ended chats, and signing out; the console's pages checked with axe.
prepareChatSuite()

test('history finds an ended chat by visitor and day and opens its transcript read-only', async ({ browser }) => {
  const agent = await openConsole(browser)
  const name = visitorName('Hollis')
  await startChat(browser, '/', name, 'Looking for a deed from 1950')
  await queueEntry(agent, name).getByRole('button', { name: 'Accept' }).click()
  const panel = agent.locator('.agent-chat').filter({ hasText: name })
  await endChatAsAgent(agent, panel)

  await agent.getByRole('button', { name: 'History' }).click()
  const today = await agent.evaluate(() => {
    const now = new Date()
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  })
  const search = agent.getByRole('search')
  await search.getByLabel('Visitor name or email').fill(name)
  await search.getByLabel('Day').fill(today)
  await search.getByRole('button', { name: 'Search' }).click()
  const results = agent.locator('.agent-history-list li')
  await expect(results).toHaveCount(1)
  await results.getByRole('button').click()
  const transcript = agent.getByRole('log', { name: `Past transcript with ${name}` })
  await expect(transcript).toContainText('Looking for a deed from 1950')
  await expect(transcript).toContainText('ended the chat')
  await expect(agent.locator('.agent-history-transcript textarea, .agent-history-transcript input')).toHaveCount(0)

  // Another day finds nothing.
  await search.getByLabel('Day').fill('2020-01-01')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(results).toHaveCount(0)
  await expect(agent.getByText('No past chats match.')).toBeVisible()
})

test('sign-out ends the session and returns to the sign-in page; the console, its history and its sign-in page have no serious accessibility violations', async ({
  browser,
}) => {
  const agent = await openConsole(browser)
  expect(await seriousAxeViolations(agent)).toEqual([])
  await agent.getByRole('button', { name: 'History' }).click()
  await expect(agent.getByRole('heading', { name: 'Past chats' })).toBeVisible()
  expect(await seriousAxeViolations(agent)).toEqual([])
  await agent.getByRole('button', { name: 'Sign out' }).click()
  await expect(agent).toHaveURL(/\/agent\/login$/)
  // The client router names the new page once its metadata arrives, after the address changes.
  await expect(agent).toHaveTitle('Sign in · Chat console')
  expect(await seriousAxeViolations(agent)).toEqual([])
  const cookies = await agent.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'payload-token')).toBeUndefined()
  await agent.goto('/agent')
  await expect(agent).toHaveURL(/\/agent\/login$/)
  const me = await agent.request.get('/api/users/me')
  expect((await me.json()).user).toBeNull()
})
