// Chat load: how many visitor event streams one instance holds, and how long a visitor's
// message takes to reach an agent's console stream (p50, p99) at that load.
// Usage: node bench/chat-load.mjs [levels, e.g. 100,500,1000] ; writes bench/results/chat-load.json
import { randomBytes } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { startBenchServer } from './lib/server.mjs'

const LEVELS = (process.argv[2] || '100,500,1000,2000').split(',').map(Number)
const MESSAGES_PER_LEVEL = 200
const PORT = Number(process.env.CHAT_BENCH_PORT || 3251)
const adminFile = path.resolve('.tmp', 'chat-bench-admin.json')
process.env.E2E_ADMIN_FILE = adminFile
// The bench plays thousands of visitors from one machine: the server trusts loopback to name each
// one's address (as nginx does in production), so per-address caps see one visitor per address.
process.env.TRUST_PROXY = 'loopback'
let visitorCount = 0
const nextVisitorAddress = () => {
  visitorCount++
  return `10.${(visitorCount >> 16) & 255}.${(visitorCount >> 8) & 255}.${visitorCount & 255}`
}

const server = await startBenchServer({ port: PORT, name: 'chat-bench' })
const origin = server.origin

/**
 * @param {string} url
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
async function post(url, body, headers = {}) {
  const response = await fetch(origin + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  })
  return response
}

/**
 * Reads an SSE response, calling onFrame(name, data) for each frame.
 * @param {Response} response
 * @param {(name: string, data: { text?: string } | null) => void} onFrame `data`: the frame's JSON (a chat event's `text`), null when none
 * @param {AbortSignal} signal
 */
async function consume(response, onFrame, signal) {
  if (!response.body) return
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done || signal.aborted) return
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        let name = ''
        let data = ''
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7)
          else if (line.startsWith('data: ')) data = line.slice(6)
        }
        if (name) onFrame(name, data ? JSON.parse(data) : null)
      }
    }
  } catch {
    // stream closed
  }
}

/**
 * @param {number[]} values
 * @param {number} p
 */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const results = []
try {
  const admin = JSON.parse(fs.readFileSync(adminFile, 'utf8'))
  const adminLogin = await (await post('/api/users/login', admin)).json()
  await post(
    '/api/users',
    { email: 'bench-agent@example.com', password: 'bench-agent-password', roles: ['agent'], name: 'Bench' },
    { Authorization: `JWT ${adminLogin.token}` },
  )
  const agentLogin = await (
    await post('/api/users/login', { email: 'bench-agent@example.com', password: 'bench-agent-password' })
  ).json()
  const agentAuth = { Authorization: `JWT ${agentLogin.token}` }

  const controller = new AbortController()
  setMaxListeners(0, controller.signal) // one signal ends every stream of the run
  /** @type {Map<string, (receivedAt: number) => void>} */
  const pending = new Map()
  const agentStream = await fetch(`${origin}/api/chat/agent/stream`, { headers: agentAuth, signal: controller.signal })
  void consume(
    agentStream,
    (name, data) => {
      const text = data?.text
      if (name !== 'chat' || text === undefined || !pending.has(text)) return
      pending.get(text)?.(performance.now())
      pending.delete(text)
    },
    controller.signal,
  )

  const visitors = []
  for (const level of LEVELS) {
    const started = performance.now()
    let failed = 0
    while (visitors.length < level) {
      const batch = []
      for (let i = 0; i < 50 && visitors.length + batch.length < level; i++) {
        const address = nextVisitorAddress()
        batch.push(
          new Promise((resolve) => {
            fetch(`${origin}/api/chat/stream?page=/bench`, {
              headers: { 'X-Forwarded-For': address },
              signal: controller.signal,
            })
              .then((response) => {
                if (!response.ok) throw new Error(String(response.status))
                // The signed visitor cookie the server gave this first visit.
                const cookie = response.headers.getSetCookie()[0]?.split(';')[0]
                if (!cookie) throw new Error('no visitor cookie')
                const visitor = { cookie, address }
                void consume(response, (name) => void (name === 'synced' && resolve(visitor)), controller.signal)
              })
              .catch(() => {
                failed += 1
                resolve(null)
              })
          }),
        )
      }
      for (const visitor of await Promise.all(batch)) if (visitor) visitors.push(visitor)
      if (failed > level * 0.05) break
    }
    const connectMs = performance.now() - started
    // Each message goes from a random connected visitor; latency is post start -> agent stream receipt.
    const latencies = []
    let errors = 0
    for (let i = 0; i < MESSAGES_PER_LEVEL; i++) {
      const visitor = visitors[Math.floor(Math.random() * visitors.length)]
      const text = `bench-${level}-${i}-${randomBytes(4).toString('hex')}`
      const received = new Promise((resolve) => pending.set(text, resolve))
      const sentAt = performance.now()
      const response = await post(
        '/api/chat/visitor',
        { action: 'message', text },
        { cookie: visitor.cookie, 'X-Forwarded-For': visitor.address },
      )
      if (!response.ok) {
        errors += 1
        pending.delete(text)
        continue
      }
      const at = await Promise.race([received, new Promise((resolve) => setTimeout(() => resolve(null), 10_000))])
      if (at === null) errors += 1
      else latencies.push(at - sentAt)
    }
    const row = {
      visitors: visitors.length,
      connectFailures: failed,
      connectSeconds: Number((connectMs / 1000).toFixed(1)),
      messages: latencies.length,
      errors,
      p50ms: Number(percentile(latencies, 50).toFixed(1)),
      p99ms: Number(percentile(latencies, 99).toFixed(1)),
    }
    results.push(row)
    console.table([row])
    if (failed > level * 0.05) break
  }
  controller.abort()
} finally {
  server.stop()
}
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/chat-load.json', JSON.stringify({ date: new Date().toISOString(), results }, null, 2))
console.table(results)
