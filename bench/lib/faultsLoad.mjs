// The steady load `node bench/faults.mjs` keeps on the front while its parts fail: page views (cached
// and not), contact posts and one chatting visitor, each answer recorded in the current phase.
import { setTimeout as sleep } from 'node:timers/promises'
import { completeContactFields } from './contactFields.mjs'
import { record, timedRequest } from './faultsPhases.mjs'
import { CACHED_PAGES, CHAT_EVERY_MS, CONTACT_EVERY_MS, FRONT, UNCACHED_PAGE } from './faultsSettings.mjs'
import { csrfPair } from './session.mjs'

let running = true

/** Ends the load: each loop stops after the request it is on. */
export const stopLoad = () => {
  running = false
}

/** @param {number} offset */
export async function pageLoop(offset) {
  for (let i = offset; running; i++) {
    const page = CACHED_PAGES[i % CACHED_PAGES.length]
    record('cached pages', await timedRequest(FRONT + page, { headers: { 'accept-encoding': 'gzip' } }))
    if (i % 4 === 0) record('uncached page', await timedRequest(FRONT + UNCACHED_PAGE))
  }
}

/** @type {{ accepted: string[], refused: number }} */
export const contact = { accepted: [], refused: 0 }
/** @param {number} runId */
export async function contactLoop(runId) {
  let csrf = await csrfPair(FRONT)
  for (let n = 1; running; n++) {
    const marker = `Faults ${runId} message ${n}`
    const answer = await timedRequest(`${FRONT}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FRONT, Cookie: csrf.cookie, 'X-CSRF-Token': csrf.token },
      body: JSON.stringify({
        formId: 115,
        fields: completeContactFields(marker, {
          email: 'faults@example.com',
          service: 'lien-search',
          message: 'A contact request sent while parts of the site fail, one after the other.',
        }),
      }),
    })
    record('contact posts', answer)
    if (answer.status === 200) contact.accepted.push(marker)
    else contact.refused += 1
    if (answer.status === 403) csrf = await csrfPair(FRONT).catch(() => csrf)
    await sleep(CONTACT_EVERY_MS)
  }
}

/** One visitor who chats: its messages go through the front and come back on its own event stream. */
/** @type {{ sent: Set<string>, received: Set<string>, reconnects: number }} */
export const chat = { sent: new Set(), received: new Set(), reconnects: 0 }
/** @param {number} runId */
export async function chatVisitor(runId) {
  const start = await fetch(`${FRONT}/api/chat/visitor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: FRONT },
    body: JSON.stringify({ action: 'start', name: `Faults ${runId}` }),
  })
  const cookie = start.headers.getSetCookie()[0]?.split(';')[0]
  if (!cookie) throw new Error(`the chat gave no visitor cookie (${start.status})`)
  let lastEventId = 0
  const listen = async () => {
    while (running) {
      try {
        const response = await fetch(`${FRONT}/api/chat/stream?page=/faults`, {
          headers: { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': String(lastEventId) } : {}) },
          signal: AbortSignal.timeout(120_000),
        })
        if (!response.body) throw new Error(`the chat stream answered ${response.status} with no body`)
        const reader = response.body.getReader()
        const decoder = new TextDecoder()
        let buffer = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done || !running) break
          buffer += decoder.decode(value, { stream: true })
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n')
            buffer = buffer.slice(end + 2)
            const field = (/** @type {string} */ name) =>
              lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2)
            if (field('event') !== 'chat') continue
            lastEventId = Math.max(lastEventId, Number(field('id')) || 0)
            // Kept whatever it says: an event can arrive before its post's own answer does.
            const text = JSON.parse(field('data') ?? '').text
            if (typeof text === 'string') chat.received.add(text)
          }
        }
      } catch {
        // the instance went away: resume from the last event, as the widget does
      }
      if (running) {
        chat.reconnects += 1
        await sleep(200)
      }
    }
  }
  const listening = listen()
  for (let n = 1; running; n++) {
    const text = `Faults ${runId} chat ${n}`
    const answer = await timedRequest(`${FRONT}/api/chat/visitor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FRONT, Cookie: cookie },
      body: JSON.stringify({ action: 'message', text }),
    })
    record('chat messages', answer)
    if (answer.status === 200) chat.sent.add(text)
    await sleep(CHAT_EVERY_MS)
  }
  return listening
}
