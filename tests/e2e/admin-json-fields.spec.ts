import { test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { COLLECT_PATH } from '../../src/analytics/collector/limits'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'

const MARKER = `json-${Date.now().toString(36)}`

/** Closes the network to every other host, and records what the page tried to fetch there or was refused. */
function offlineFromOtherHosts(page: Page) {
  const elsewhere: string[] = []
  const refusals: string[] = []
  void page.route(
    (url) => url.origin !== E2E_URL,
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort('internetdisconnected')
    },
  )
  page.on('console', (message) => {
    if (
      /Content Security Policy/i.test(message.text()) ||
      (message.type() === 'error' && /monaco|loader\.js/i.test(message.text()))
    )
      refusals.push(message.text())
  })
  page.on('pageerror', (error) => refusals.push(error.message))
  return { elsewhere, refusals }
}

/** A chat whose visitor set session variables and sent a custom event: both JSON fields the site writes. */
async function chatWithJson(request: APIRequestContext, auth: Record<string, string>) {
  const name = `Jay Json ${MARKER}`
  const post = (data: unknown) => request.post('/api/chat/visitor', { data, headers: { Origin: E2E_URL } })
  expect((await post({ action: 'identify', name, sessionVariables: { plan: 'refinance', marker: MARKER } })).ok()).toBe(
    true,
  )
  expect((await post({ action: 'message', type: 'custom', customData: { parcel: `12-oak-${MARKER}` } })).ok()).toBe(
    true,
  )
  const found = await request.get(`/api/chat-conversations?where[name][equals]=${encodeURIComponent(name)}`, {
    headers: auth,
  })
  const conversationId = ((await found.json()).docs as { id: number }[])[0].id
  const events = await request.get(
    `/api/chat-events?where[conversation][equals]=${conversationId}&where[type][equals]=custom`,
    { headers: auth },
  )
  const eventId = ((await events.json()).docs as { id: number }[])[0].id
  return { conversationId, eventId }
}

async function analyticsEventWithProps(request: APIRequestContext, auth: Record<string, string>) {
  const name = `json_check_${Date.now()}`
  const sent = await request.post(COLLECT_PATH, {
    headers: { Origin: E2E_URL },
    data: { events: [{ name, url: `${E2E_URL}/`, ts: Date.now(), props: { marker: MARKER, step: 2 } }] },
  })
  expect(sent.ok()).toBe(true)
  const found = await request.get(`/api/analytics-events?where[name][equals]=${name}`, { headers: auth })
  return ((await found.json()).docs as { id: number }[])[0].id
}

test('the admin’s screens load nothing from other hosts (no Gravatar) and meet no CSP refusal; every JSON field shows its value as text', async ({
  context,
  page,
  request,
}) => {
  const auth = { Authorization: `JWT ${await signInAsAdmin(context, request)}` }
  const { conversationId, eventId } = await chatWithJson(request, auth)
  const analyticsId = await analyticsEventWithProps(request, auth)
  const { elsewhere, refusals } = offlineFromOtherHosts(page)
  try {
    // The dashboard and the account screen, where Payload would draw the user's picture from Gravatar.
    await openAdmin(page, '')
    await expect(page.locator('.nav, nav').first()).toBeVisible()
    await openAdmin(page, '/account')
    const screens = [
      {
        path: `/collections/chat-conversations/${conversationId}`,
        label: 'Details the site passed on',
        text: `"marker": "${MARKER}"`,
      },
      { path: `/collections/chat-events/${eventId}`, label: 'Event details', text: `"parcel": "12-oak-${MARKER}"` },
      { path: `/collections/analytics-events/${analyticsId}`, label: 'Event details', text: `"marker": "${MARKER}"` },
    ]
    for (const screen of screens) {
      await openAdmin(page, screen.path)
      const value = page.getByLabel(screen.label, { exact: true })
      await expect(value).toBeVisible()
      // Indented, one key a line, as the site stored it.
      await expect(value).toContainText(screen.text)
      expect(await value.evaluate((node) => node.textContent)).toMatch(/^\{\n {2}"/)
    }
    expect(elsewhere).toEqual([])
    expect(refusals).toEqual([])
  } finally {
    await request.delete(`/api/chat-conversations/${conversationId}`, { headers: auth })
    await request.delete(`/api/analytics-events/${analyticsId}`, { headers: auth })
  }
})
