// Chat conversations held open through the front while something happens to the instances
// (bench/deploy.mjs: a deploy, a rollback): each visitor holds the chat's event stream and the one
// agent holds the console's, both resuming after the last chat event they hold when their stream
// ends, as the widget (src/chat/widget/stream.ts) and the console do; visitor and agent send at a
// steady rate. At the end: was every message sent received exactly once by the other side?
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { CHAT_RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_MIN_DELAY_MS } from '../../src/chat/constants.ts'
import { onClosedConnection } from './pageVisits.mjs'

/**
 * What each side's stream and sends came to.
 * @typedef {object} ChatReport
 * @property {number} conversations
 * @property {number} streams
 * @property {number} reconnects
 * @property {number} failedConnects
 * @property {number} sent
 * @property {number} received
 * @property {number} lost
 * @property {string[]} lostMessages
 * @property {number} duplicated
 * @property {number} sendFailures
 * @property {string[]} sendFailureReasons
 * @property {number} sentAgain
 * @property {number} unconfirmedReceived
 * @property {number} longestGapMs
 * @property {number} p99DeliveryMs
 * @property {number} longestDeliveryMs
 */
/** A chat event as the streams carry it: what this reads of it. */
/** @typedef {{ text?: string, author?: { type?: string } }} ChatEvent */

/** Every bench message starts so (and with its run's tag), so that the system's own lines are told apart. */
const BENCH_TEXT = 'deploy-bench'
/** How long a sent message may take to arrive at the end before it counts as lost. */
const DRAIN_TIMEOUT_MS = 15_000
/** A request that gets no answer in this long has failed. */
const REQUEST_TIMEOUT_MS = 10_000

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A POST as the widget's client makes it, sent once more when the kept-alive connection it went
 * out on was closed by the front before it was read (nginx closes idle ones when it reloads).
 * @param {string} origin
 * @param {string} pathname
 * @param {unknown} body
 * @param {Record<string, string>} headers
 * @returns {Promise<{ response: Response, json: Record<string, unknown> | null, sentAgain: boolean }>} `json`: the answer's JSON object, null when none
 */
async function post(origin, pathname, body, headers) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${origin}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      return { response, json: await response.json().catch(() => null), sentAgain: attempt > 1 }
    } catch (error) {
      if (attempt > 1 || !onClosedConnection(error)) throw error
    }
  }
}

/**
 * The widget's pause before reconnect try `attempt` (src/chat/reconnect.ts): 500 ms doubling to 5 s.
 * @param {number} attempt
 */
const reconnectDelay = (attempt) =>
  Math.min(CHAT_RECONNECT_MIN_DELAY_MS * 2 ** (attempt - 1), CHAT_RECONNECT_MAX_DELAY_MS)

/**
 * An event stream that reconnects by itself and resumes after the last chat event it saw
 * (`?lastEventId=`), as the widget's and the console's (src/chat/widget/stream.ts): after the
 * widget's backoff, whatever `retry:` the server named, counted again from the first step once
 * in step (`synced`). Counts its reconnects and the longest time from losing the stream to being
 * in step again.
 * @param {(lastEventId: number) => string} url
 * @param {Record<string, string>} headers
 * @param {(event: ChatEvent) => void} onChat
 */
function resumableStream(url, headers, onChat) {
  const state = { reconnects: 0, longestGapMs: 0, failedConnects: 0 }
  const controller = new AbortController()
  let lastEventId = 0
  let attempt = 0
  /** @type {number | null} */
  let lostAt = null
  /** @type {() => void} */
  let resolveSynced = () => {}
  /** @type {Promise<void>} */
  const synced = new Promise((resolve) => (resolveSynced = resolve))

  const onFrame = (/** @type {string} */ block) => {
    let name = ''
    let data = ''
    let id = null
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice(7)
      else if (line.startsWith('data: ')) data = line.slice(6)
      else if (line.startsWith('id: ')) id = Number(line.slice(4))
    }
    if (name === 'chat' && id) {
      lastEventId = Math.max(lastEventId, id)
      onChat(JSON.parse(data))
    } else if (name === 'synced') {
      attempt = 0
      if (lostAt !== null) {
        state.reconnects += 1
        state.longestGapMs = Math.max(state.longestGapMs, performance.now() - lostAt)
        lostAt = null
      }
      resolveSynced()
    }
  }

  const running = (async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(url(lastEventId), { headers, signal: controller.signal })
        if (!response.ok) throw new Error(`answered ${response.status}`)
        const decoder = new TextDecoder()
        let buffer = ''
        // Node's web streams are async iterable (TypeScript's DOM types do not say so).
        for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) {
          buffer += decoder.decode(chunk, { stream: true })
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            onFrame(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
          }
        }
      } catch {
        if (!controller.signal.aborted) state.failedConnects += 1
      }
      if (controller.signal.aborted) break
      lostAt ??= performance.now()
      attempt += 1
      await sleep(reconnectDelay(attempt))
    }
  })()
  return {
    state,
    /** Resolves once the stream first reports it is in step; rejects after REQUEST_TIMEOUT_MS. */
    ready: () =>
      Promise.race([
        synced,
        sleep(REQUEST_TIMEOUT_MS).then(() => {
          throw new Error(`the chat stream ${url(0)} was not in step within ${REQUEST_TIMEOUT_MS / 1000} s`)
        }),
      ]),
    async close() {
      controller.abort()
      await running
    },
  }
}

/**
 * Opens `conversations` chats through `origin`, each taken by the agent signed in with the
 * credentials in `agentFile` ({ email, password }: the stack's admin.json), and has visitor and agent each send a message every `intervalMs`,
 * alternately. `finish()` stops sending, waits for what is on its way, closes the streams and
 * reports.
 * @param {{ origin: string, agentFile: string, conversations: number, intervalMs: number }} options
 * @returns {Promise<{ finish(): Promise<ChatReport> }>}
 */
export async function holdChats({ origin, agentFile, conversations, intervalMs }) {
  // The agent's stream replays every open chat: a run's own tag keeps an earlier run's messages apart.
  const tag = `${BENCH_TEXT} ${randomBytes(4).toString('hex')}`
  /** @type {Map<string, number>} */
  const sent = new Map()
  /** @type {Map<string, number>} */
  const received = new Map()
  /** @type {number[]} */
  const delivery = []
  const counts = { sendFailures: 0, sentAgain: 0, unconfirmedReceived: 0 }
  /** @type {string[]} */
  const sendFailureReasons = []
  const receive = (/** @type {string} */ side) => (/** @type {ChatEvent} */ event) => {
    const text = event.text ?? ''
    if (!text.startsWith(tag) || event.author?.type !== side) return
    received.set(text, (received.get(text) ?? 0) + 1)
    const sentAt = sent.get(text)
    if (sentAt === undefined) counts.unconfirmedReceived += 1
    else if (received.get(text) === 1) delivery.push(performance.now() - sentAt)
  }

  const agent = JSON.parse(fs.readFileSync(agentFile, 'utf8'))
  const login = await post(origin, '/api/users/login', agent, {})
  if (!login.json?.token) throw new Error(`the agent could not sign in (${login.response.status})`)
  const agentAuth = { Authorization: `JWT ${login.json.token}` }
  /** @type {ReturnType<typeof resumableStream>[]} */
  const streams = []
  const agentStream = resumableStream(
    (lastEventId) => `${origin}/api/chat/agent/stream${lastEventId ? `?lastEventId=${lastEventId}` : ''}`,
    agentAuth,
    receive('customer'),
  )
  streams.push(agentStream)
  await agentStream.ready()

  /** @type {{ n: number, conversationId: unknown, cookie: string }[]} */
  const chats = []
  for (let n = 0; n < conversations; n++) {
    const started = await post(origin, '/api/chat/visitor', { action: 'start' }, {})
    const cookie = started.response.headers.getSetCookie()[0]?.split(';')[0]
    if (!started.response.ok || !cookie)
      throw new Error(`a visitor could not start a chat (${started.response.status})`)
    const stream = resumableStream(
      (lastEventId) => `${origin}/api/chat/stream?page=/contact${lastEventId ? `&lastEventId=${lastEventId}` : ''}`,
      { cookie },
      receive('agent'),
    )
    streams.push(stream)
    await stream.ready()
    const conversationId = started.json?.conversationId
    const accepted = await post(origin, '/api/chat/agent', { action: 'accept', conversationId }, agentAuth)
    if (!accepted.response.ok)
      throw new Error(`the agent could not take chat ${conversationId} (${accepted.response.status})`)
    chats.push({ n, conversationId, cookie })
  }

  /**
   * @param {string} text
   * @param {string} pathname
   * @param {unknown} body
   * @param {Record<string, string>} headers
   */
  const send = async (text, pathname, body, headers) => {
    sent.set(text, performance.now())
    try {
      const { response, sentAgain } = await post(origin, pathname, body, headers)
      if (sentAgain) counts.sentAgain += 1
      if (response.ok) return
      sendFailureReasons.push(`${pathname}: ${response.status}`)
    } catch (error) {
      sendFailureReasons.push(`${pathname}: ${error instanceof Error ? error.message : error}`)
    }
    // Not confirmed: the sender would say so; it is not counted as sent.
    sent.delete(text)
    counts.sendFailures += 1
  }
  let tick = 0
  const inFlight = new Set()
  const timer = setInterval(() => {
    const fromVisitor = tick % 2 === 0
    for (const chat of chats) {
      const text = `${tag} ${fromVisitor ? 'visitor' : 'agent'} ${chat.n}-${tick}`
      const sending = fromVisitor
        ? send(text, '/api/chat/visitor', { action: 'message', text }, { cookie: chat.cookie })
        : send(text, '/api/chat/agent', { action: 'message', conversationId: chat.conversationId, text }, agentAuth)
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
    }
    tick += 1
  }, intervalMs / 2)

  return {
    async finish() {
      clearInterval(timer)
      await Promise.all(inFlight)
      const deadline = Date.now() + DRAIN_TIMEOUT_MS
      while (Date.now() < deadline && [...sent.keys()].some((text) => !received.has(text))) await sleep(100)
      await Promise.all(streams.map((stream) => stream.close()))
      // Ended, so that the next run's agent is not handed these chats.
      for (const chat of chats) await post(origin, '/api/chat/visitor', { action: 'end' }, { cookie: chat.cookie })
      const lost = [...sent.keys()].filter((text) => !received.has(text))
      const duplicated = [...received.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0)
      const sortedDelivery = delivery.sort((a, b) => a - b)
      return {
        conversations: chats.length,
        streams: streams.length,
        reconnects: streams.reduce((sum, stream) => sum + stream.state.reconnects, 0),
        failedConnects: streams.reduce((sum, stream) => sum + stream.state.failedConnects, 0),
        sent: sent.size,
        received: sent.size - lost.length,
        lost: lost.length,
        lostMessages: lost.slice(0, 20),
        duplicated,
        sendFailures: counts.sendFailures,
        sendFailureReasons: sendFailureReasons.slice(0, 20),
        sentAgain: counts.sentAgain,
        unconfirmedReceived: counts.unconfirmedReceived,
        longestGapMs: Math.round(Math.max(0, ...streams.map((stream) => stream.state.longestGapMs))),
        p99DeliveryMs: Math.round(sortedDelivery[Math.floor(0.99 * (sortedDelivery.length - 1))] ?? 0),
        longestDeliveryMs: Math.round(sortedDelivery.at(-1) ?? 0),
      }
    },
  }
}
