// `node bench/hostile.mjs`: floods each public endpoint of the production build (SQLite, no trusted
// front, so every request's address is its socket's) with hostile traffic from many connections
// that claim a new X-Forwarded-For on every request, while one normal visitor keeps loading the
// home page. Reports per endpoint: requests sent, statuses seen, rows and emails created, and the
// visitor's p99 during the flood. Writes bench/results/hostile.json and prints a table for RESULTS.md.
// Options by env: HOSTILE_BENCH_SECONDS (8 per endpoint), HOSTILE_BENCH_CONNECTIONS (20), HOSTILE_BENCH_PORT (3231),
// HOSTILE_BENCH_ONLY (run only the endpoints whose label contains this text).
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { OUTBOX_FOLDER } from '../src/platform/dataFolder.mjs'
import { completeContactFields } from './lib/contactFields.mjs'
import { flood, normalVisitor, spoofedSoFar, streamFlood } from './lib/hostileFloods.mjs'
import { reportHostileRun } from './lib/hostileReport.mjs'
import { startBenchServer } from './lib/server.mjs'
import { csrfPair, signInAdmin } from './lib/session.mjs'

const seconds = Number(process.env.HOSTILE_BENCH_SECONDS || 8)
const connections = Number(process.env.HOSTILE_BENCH_CONNECTIONS || 20)
const port = Number(process.env.HOSTILE_BENCH_PORT || 3231)
const only = process.env.HOSTILE_BENCH_ONLY ?? ''
const wanted = (/** @type {string} */ label) => label.includes(only)
const STREAM_LABEL = 'GET /api/chat/stream (opened and held, one visitor cookie)'
const name = 'bench-hostile'
const dataDir = path.join(ROOT, '.tmp', name)
const adminFile = path.join(dataDir, 'admin.json')
Object.assign(process.env, { E2E_ADMIN_FILE: adminFile, SMTP_URL: '' })

const genuineFields = completeContactFields('Flood Sender', {
  email: 'flood@example.com',
  service: 'lien-search',
  message: 'A message sent thousands of times by one machine that pretends to be many.',
})

/**
 * How many of the seeded pages Next still answers from its cache ("3/3": no flood pushed one out).
 * @param {string} origin
 * @returns {Promise<string>}
 */
async function pagesCached(origin) {
  const paths = ['/', '/faq', '/pricing']
  let hits = 0
  for (const page of paths) {
    const response = await fetch(`${origin}${page}`)
    await response.arrayBuffer()
    if (response.headers.get('x-nextjs-cache') === 'HIT') hits++
  }
  return `${hits}/${paths.length}`
}

/**
 * @param {string} origin
 * @param {string} jwt
 * @returns {Promise<Record<'submissions' | 'conversations' | 'analyticsEvents' | 'emails', number>>}
 */
async function counts(origin, jwt) {
  const auth = { Authorization: `JWT ${jwt}` }
  const total = async (/** @type {string} */ collection) =>
    (await (await fetch(`${origin}/api/${collection}?limit=1&depth=0`, { headers: auth })).json()).totalDocs
  const outbox = path.join(dataDir, OUTBOX_FOLDER)
  return {
    submissions: await total('form-submissions'),
    conversations: await total('chat-conversations'),
    analyticsEvents: await total('analytics-events'),
    emails: fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
  }
}

const server = await startBenchServer({ port, name })
try {
  const { origin } = server
  const jwt = await signInAdmin(origin, adminFile)
  const admin = JSON.parse(fs.readFileSync(adminFile, 'utf8'))
  const { cookie: csrfCookie, token: csrf } = await csrfPair(origin)
  const json = { 'content-type': 'application/json', origin }
  // One visitor's chat cookie, taken before the floods: the new-visitor cap would otherwise answer
  // every cookie-less request once the start flood has used it, hiding each endpoint's own answer.
  const firstVisit = await fetch(`${origin}/api/chat/visitor`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ action: 'page', page: '/' }),
  })
  const chatCookie = firstVisit.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  if (!chatCookie) throw new Error(`the chat gave no visitor cookie (${firstVisit.status})`)
  /** @type {import('./lib/hostileFloods.mjs').FloodTarget[]} */
  const targets = [
    {
      label: 'POST /api/contact (valid fields, no captcha answer)',
      path: '/api/contact',
      method: 'POST',
      headers: { ...json, cookie: csrfCookie, 'x-csrf-token': csrf },
      body: JSON.stringify({ formId: 115, fields: genuineFields }),
    },
    {
      label: 'POST /index.php (legacy call)',
      path: '/index.php',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: 'option=com_ajax&format=raw&module=contact&name=Flood',
    },
    {
      label: 'POST /api/collect (valid page view)',
      path: '/api/collect',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ events: [{ name: 'page_view', url: `${origin}/`, ts: Date.now() }] }),
    },
    {
      label: 'POST /api/chat/visitor (start, no cookie)',
      path: '/api/chat/visitor',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ action: 'start', name: 'Flood', email: 'flood@example.com' }),
    },
    {
      label: 'POST /api/chat/visitor (offline message, the old relay; one visitor cookie)',
      path: '/api/chat/visitor',
      method: 'POST',
      headers: { ...json, cookie: chatCookie },
      body: JSON.stringify({ action: 'offline_message', email: 'a@example.com', message: 'relay' }),
    },
    { label: 'GET /api/search?q=deed', path: '/api/search?q=deed' },
    {
      label: 'GET /<a new unknown address each request> (404s that must not fill the page cache)',
      path: '/zz-nope',
      nextPath: () => `/zz-nope-${spoofedSoFar()}-${Math.random().toString(36).slice(2)}`,
    },
    { label: 'GET /api/captcha/challenge', path: '/api/captcha/challenge' },
    { label: 'GET /api/csrf', path: '/api/csrf' },
    {
      label: 'POST /api/users/login (wrong password)',
      path: '/api/users/login',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: admin.email, password: 'not-the-password' }),
    },
  ]

  // Every page the checks below ask for is in the cache before any flood.
  await pagesCached(origin)
  // The reference: the same visitor with no flood, in the same run.
  const calm = { value: false }
  const alone = normalVisitor(origin, calm)
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  calm.value = true
  /** @type {import('./lib/hostileReport.mjs').FloodRow[]} */
  const rows = [
    { endpoint: 'no flood (the normal visitor alone, the reference)', sent: 0, statuses: {}, visitor: await alone },
  ]
  console.log(JSON.stringify(rows[0]))
  for (const target of targets.filter((candidate) => wanted(candidate.label))) {
    const before = await counts(origin, jwt)
    const stopped = { value: false }
    const visitor = normalVisitor(origin, stopped)
    const seen = await flood(origin, target, { connections, seconds })
    stopped.value = true
    // Delivery runs in the background; give it a poll to show any email the flood caused.
    await new Promise((resolve) => setTimeout(resolve, 12_000))
    const after = await counts(origin, jwt)
    const created = Object.fromEntries(
      Object.entries(after).map(([key, value]) => [key, value - before[/** @type {keyof typeof before} */ (key)]]),
    )
    rows.push({
      endpoint: target.label,
      ...seen,
      created,
      visitor: await visitor,
      pagesCached: await pagesCached(origin),
    })
    console.log(JSON.stringify(rows.at(-1)))
  }
  if (wanted(STREAM_LABEL)) {
    const stopped = { value: false }
    const visitor = normalVisitor(origin, stopped)
    const seen = await streamFlood(origin, 400, chatCookie)
    const during = await (async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      stopped.value = true
      return visitor
    })()
    seen.close()
    rows.push({
      endpoint: STREAM_LABEL,
      sent: seen.sent,
      statuses: seen.statuses,
      visitor: await during,
    })
    console.log(JSON.stringify(rows.at(-1)))
  }
  reportHostileRun(rows, { seconds, connections })
} finally {
  server.stop()
}
