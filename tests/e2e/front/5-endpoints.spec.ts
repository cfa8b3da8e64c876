// The app's endpoints through the front and past Next's router: the chat's event stream unbuffered,
// a route an instance answers itself once loaded (the stream, the collector), a contact post stored.
import { expect } from '@playwright/test'
import { solvedCaptcha } from '../support/captcha'
import { CHAT_VISITOR_COOKIE } from '../../../src/chat/constants'
import { CONTACT_FORM_ID } from '../../../src/setup/seed/content/forms'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../../src/security/csrfProtocol'
import { HSTS_VALUE } from '../../../src/security/headers'
import { adminAuth, APP_A, contactFields, FRONT, test } from '../support/productionStack'

type Frame = { name: string; data: unknown }

/** An event stream read as it arrives; `next(match)` waits for the first frame that matches. */
async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  const frames: Frame[] = []
  const waiting = new Set<() => void>()
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const name = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (name) frames.push({ name, data: data ? JSON.parse(data) : null })
          for (const wake of waiting) wake()
        }
      }
    } catch {
      // closed by the test
    }
  })()
  const next = (match: (frame: Frame) => boolean, timeoutMs: number) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match)
        if (!found) return
        waiting.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiting.delete(check)
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${frames.map((f) => f.name).join(', ')}`))
      }, timeoutMs)
      waiting.add(check)
      check()
    })
  return { response, next, close: () => controller.abort() }
}

test.describe('production front', () => {
  test('a chat message arrives on the visitor event stream through the front', async () => {
    // A first visit: the stream gives the visitor the signed cookie the message then carries.
    const stream = await openEventStream(`${FRONT}/api/chat/stream?page=/`, {})
    try {
      expect(stream.response.status).toBe(200)
      const cookie = stream.response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .find((pair) => pair.startsWith(`${CHAT_VISITOR_COOKIE}=`))!
      expect(cookie).toBeTruthy()
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
      expect(stream.response.headers.get('content-encoding')).toBeNull()
      await stream.next((frame) => frame.name === 'synced', 10_000)
      const text = `Hello through the front ${Date.now()}`
      const sent = await fetch(`${FRONT}/api/chat/visitor`, {
        method: 'POST',
        headers: { cookie, Origin: FRONT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'message', text }),
      })
      expect(sent.status).toBe(200)
      // Unbuffered: the event arrives while the stream stays open.
      await stream.next((frame) => frame.name === 'chat' && (frame.data as { text?: string }).text === text, 3_000)
    } finally {
      stream.close()
    }
  })

  test("once its route is loaded, an instance answers a visitor stream without Next's router, with the same headers, cookie and opening events", async () => {
    // The first stream loads the route's module, which hands its handler to the server.
    const first = await openEventStream(`${APP_A}/api/chat/stream?page=/`, { 'X-Forwarded-Proto': 'https' })
    await first.next((frame) => frame.name === 'synced', 10_000)
    first.close()
    const stream = await openEventStream(`${APP_A}/api/chat/stream?page=/`, { 'X-Forwarded-Proto': 'https' })
    try {
      const { headers } = stream.response
      expect(stream.response.status).toBe(200)
      // Next's router gives every answer it routes its own Vary; this one never went through it.
      expect(headers.get('vary')).toBeNull()
      expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(headers.get('cache-control')).toBe('no-cache, no-transform')
      expect(headers.get('x-accel-buffering')).toBe('no')
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('strict-transport-security')).toBe(HSTS_VALUE)
      expect(headers.getSetCookie()).toEqual([
        expect.stringMatching(
          new RegExp(`^${CHAT_VISITOR_COOKIE}=[\\w.-]+; Path=/api/chat; HttpOnly; SameSite=Lax; Max-Age=\\d+; Secure$`),
        ),
      ])
      const snapshot = await stream.next((frame) => frame.name === 'snapshot', 10_000)
      expect(snapshot.data).toMatchObject({ conversationId: null, status: 'browsing' })
      await stream.next((frame) => frame.name === 'synced', 10_000)
    } finally {
      stream.close()
    }
  })

  test("once its route is loaded, an instance takes the collector's beacon without Next's router and stores it", async ({
    request,
  }) => {
    const beacon = (mark: string) =>
      fetch(`${APP_A}/api/collect`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23' },
        body: JSON.stringify({ events: [{ name: 'page_view', url: `${APP_A}/pricing?mark=${mark}`, ts: Date.now() }] }),
      })
    // The first beacon loads the route's module, which hands its handler to the server.
    expect((await beacon('first')).status).toBe(202)
    const mark = `outside-${Date.now()}`
    const answer = await beacon(mark)
    expect(answer.status).toBe(202)
    expect(await answer.json()).toEqual({ ok: true, stored: 1 })
    // Next's router gives every answer it routes its own Vary; this one never went through it.
    expect(answer.headers.get('vary')).toBeNull()
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    const stored = await request.get(`${APP_A}/api/analytics-events`, {
      headers: await adminAuth(request, APP_A),
      params: { 'where[url][equals]': `${APP_A}/pricing?mark=${mark}`, depth: '0' },
    })
    expect((await stored.json()).docs).toEqual([expect.objectContaining({ name: 'page_view', path: '/pricing' })])
  })

  test('a contact post through the front is stored', async ({ playwright, request }) => {
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const marker = `Front contact ${Date.now()}`
    // The form's behaviour: the token from its endpoint (which also sets the cookie), then JSON.
    const { token } = await (await visitor.get(`${FRONT}${CSRF_ENDPOINT}`)).json()
    const response = await visitor.post(`${FRONT}/api/contact`, {
      headers: { [CSRF_HEADER]: token, Origin: FRONT },
      data: { formId: CONTACT_FORM_ID, fields: contactFields(marker), captcha: await solvedCaptcha(visitor, FRONT) },
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true })
    await visitor.dispose()
    const stored = await request.get(`${APP_A}/api/form-submissions`, {
      headers: await adminAuth(request, APP_A),
      params: { 'where[data.value][equals]': marker, depth: 0 },
    })
    expect((await stored.json()).totalDocs).toBe(1)
  })
})
