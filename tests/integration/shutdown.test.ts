import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createInProcessBus } from '@/chat/server/live/bus'
import { ChatHub } from '@/chat/server/live/hub'
import { DRAINING_RETRY_MS, eventStreamResponse } from '@/chat/server/live/sse'
import { isDraining } from '@/platform/draining'
import { runContactQueue } from '@/contact/delivery/runner'
import { createSiteServer, IDLE_KEPT_WHILE_STOPPING_MS, shutDownGracefully } from '@/server/shutdown'
import {
  jobsFor,
  mailsMentioning,
  pause,
  payload,
  setUpDeliverySuite,
  smtp,
  submission,
  submit,
} from '../support/contactDelivery'

// Draining cannot be undone within a process: this file stops its "instance" once, in one test.
setUpDeliverySuite()

/** How long the loopback mail server holds the message being sent when the stop begins. */
const SEND_TAKES_MS = 1_500
/** How long the request in flight takes to answer. */
const REQUEST_TAKES_MS = 800
const GRACE_MS = 10_000

async function eachChunk(response: Response, take: (chunk: Uint8Array) => unknown) {
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    take(value)
  }
}

/** A server like the site's: a slow page, and a chat event stream held open. */
async function siteLikeServer(hub: ChatHub) {
  const server = http.createServer(async (req, res) => {
    if (req.url === '/slow') {
      await pause(REQUEST_TAKES_MS)
      res.end('answered')
      return
    }
    const controller = new AbortController()
    req.on('close', () => controller.abort())
    const response = eventStreamResponse({
      hub,
      signal: controller.signal,
      lastEventId: 0,
      replay: async () => [],
      accepts: () => true,
      opening: async () => [],
    })
    res.writeHead(200, Object.fromEntries(response.headers))
    await eachChunk(response, (chunk) => res.write(chunk))
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** Reads an event stream to its end, with the time it ended. */
async function readToEnd(response: Response): Promise<{ text: string; endedAt: number }> {
  let text = ''
  await eachChunk(response, (chunk) => (text += Buffer.from(chunk).toString('utf8')))
  return { text, endedAt: Date.now() }
}

describe('SIGTERM on an instance (shutDownGracefully)', () => {
  it('refuses new connections, answers the request in flight, ends chat streams with a quick retry, finishes the mail being sent, and claims no more', async () => {
    const hub = new ChatHub(createInProcessBus())
    const { server, url } = await siteLikeServer(hub)

    smtp.setHoldMs(SEND_TAKES_MS)
    const sending = await submit({ name: 'Being Sent' })
    const run = runContactQueue(payload)
    await expect.poll(() => smtp.holding(), { timeout: 10_000 }).toBe(1)

    const stream = await fetch(`${url}/stream`)
    const streamEnd = readToEnd(stream)
    const inFlight = fetch(`${url}/slow`).then((response) => response.text())
    await pause(100)

    const stopAt = Date.now()
    const stopped = shutDownGracefully(server, GRACE_MS)
    expect(isDraining()).toBe(true)

    // The stream ends at once and tells its client to come back quickly (to another instance).
    const { text, endedAt } = await streamEnd
    expect(endedAt - stopAt).toBeLessThan(1_000)
    expect(text).toContain(`retry: ${DRAINING_RETRY_MS}`)
    // No new connection is taken.
    await expect(fetch(`${url}/slow`)).rejects.toThrow()
    // The request in flight is answered.
    expect(await inFlight).toBe('answered')
    // The server settles once the mail being sent is out, well within the grace.
    expect(await stopped).toBe(true)
    expect(Date.now() - stopAt).toBeLessThan(GRACE_MS)
    await run
    expect(mailsMentioning('Being Sent')).toHaveLength(1)
    expect((await submission(sending)).deliveryStatus).toBe('delivered')

    // What arrives now is left for another instance: stored and queued, claimed by no one here.
    const later = await submit({ name: 'Arrived While Stopping' })
    await runContactQueue(payload)
    expect(mailsMentioning('Arrived While Stopping')).toHaveLength(0)
    expect((await submission(later)).deliveryStatus).toBe('queued')
    const [job] = await jobsFor(later)
    expect(job.processing).toBe(false)
  }, 60_000)
  it('answers what comes on a kept-alive connection while it stops, as the last answer there, and closes one left idle only once the front has given it up', async () => {
    const server = createSiteServer(async (request, response) => {
      if (request.url === '/slow') await pause(REQUEST_TAKES_MS)
      response.end('answered')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    // Two kept-alive connections, as the front keeps them: one idle, one with a request in flight.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const ask = (agent: http.Agent, address = '/') =>
      new Promise<{ body: string; connection?: string; localPort?: number }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: address, agent }, (response) => {
            // Which connection it came on (the socket goes back to the agent's pool at the end).
            const localPort = response.socket?.localPort
            let body = ''
            response.on('data', (chunk: Buffer) => (body += chunk.toString()))
            response.on('end', () => resolve({ body, connection: response.headers.connection, localPort }))
          })
          .on('error', reject)
      })
    const before = await ask(idleAgent)
    expect(before.connection).toBe('keep-alive')
    // A third connection, opened and never used.
    const unused = net.connect(port, '127.0.0.1')
    await new Promise((resolve) => unused.once('connect', resolve))
    const unusedClosed = new Promise<number>((resolve) => unused.once('close', () => resolve(Date.now())))
    const inFlight = ask(busyAgent, '/slow')
    await pause(100)

    const stopAt = Date.now()
    const stopped = shutDownGracefully(server, GRACE_MS)
    const onIdle = await ask(idleAgent)
    expect(onIdle).toEqual({ body: 'answered', connection: 'close', localPort: before.localPort })
    expect(await inFlight).toMatchObject({ body: 'answered', connection: 'close' })
    // No new connection is taken.
    await expect(ask(new http.Agent({ keepAlive: false }))).rejects.toThrow()
    expect((await unusedClosed) - stopAt).toBeGreaterThanOrEqual(IDLE_KEPT_WHILE_STOPPING_MS)
    expect(await stopped).toBe(true)
    expect(Date.now() - stopAt).toBeLessThan(GRACE_MS)
    for (const agent of [idleAgent, busyAgent]) agent.destroy()
  }, 30_000)
})
