// Accounts, settings and logs over Payload's real REST handler on loopback: the per-address sign-in
// limit, where a session cookie counts from, who reads the contact addresses in site settings, and
// what a refused request logs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { APIError, getPayload, handleEndpoints, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_LOGIN_ATTEMPTS } from '@/content/collections/Users'
import { PASSWORD_RESETS_PER_ADDRESS, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_MS } from '@/platform/loginLimit'
import { migrateDatabase } from '@/platform/migrate'
import { buildSiteConfig } from '@/payload.config'
import { serveOnLoopback } from '../support/handlerServer'

type LogLine = { level: number; msg?: string; err?: { stack?: string }; status?: number }
const logLines: LogLine[] = []
const logDestination = { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) }

/** pino's levels. */
const INFO = 30
const ERROR = 50

let payload: Payload
let server: { url: string; close: () => Promise<void> }
let dir: string
const PASSWORD = 'a-long-test-password'
/** The site's configured address: another host than the loopback address the requests are sent to. */
const CONFIGURED_ORIGIN = 'http://localhost:39017'
const configuredBefore = process.env.SERVER_URL

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-accounts-'))
  process.env.SERVER_URL = CONFIGURED_ORIGIN
  const config = buildSiteConfig(`file:${path.join(dir, 'test.db')}`, { logDestination })
  // The REST handler finds this same instance under Payload's default key.
  payload = await getPayload({ config })
  await migrateDatabase(payload)
  server = await serveOnLoopback((request) => handleEndpoints({ config, request }))
  for (const role of ['admin', 'editor', 'agent'] as const)
    await payload.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: PASSWORD, roles: [role] },
    })
})
afterAll(async () => {
  await server?.close()
  await payload?.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
  if (configuredBefore === undefined) delete process.env.SERVER_URL
  else process.env.SERVER_URL = configuredBefore
})
afterEach(() => void vi.useRealTimers())

/** A sign-in over REST from the given client address (the server settles X-Forwarded-For to one address). */
function signIn(address: string, email: string, password: string) {
  return fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
  })
}

async function createAccount(email: string) {
  return payload.create({ collection: 'users', data: { email, password: PASSWORD, roles: ['editor'] } })
}

async function failedAttemptsOf(email: string) {
  const { docs } = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    showHiddenFields: true,
  })
  return {
    loginAttempts: docs[0]?.loginAttempts ?? 0,
    locked: Boolean(docs[0]?.lockUntil && new Date(docs[0].lockUntil) > new Date()),
  }
}

describe('sign-in attempts per address', () => {
  it('refuses the attempt past the allowance with 429 and Retry-After, without counting it against the account', async () => {
    // Fewer wrong passwords per account than its lockout, so only the address limit can refuse.
    const perAccount = MAX_LOGIN_ATTEMPTS - 1
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(LOGIN_ATTEMPTS_PER_ADDRESS / perAccount) }, (_, i) =>
        createAccount(`target${i}@example.com`),
      ),
    )
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_ADDRESS; attempt++) {
      const response = await signIn('203.0.113.10', accounts[Math.floor(attempt / perAccount)].email, 'wrong')
      expect(response.status).toBe(401)
    }
    const last = accounts[Math.floor((LOGIN_ATTEMPTS_PER_ADDRESS - 1) / perAccount)]
    const before = await failedAttemptsOf(last.email)

    const refused = await signIn('203.0.113.10', last.email, 'wrong')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000)
    const body = (await refused.json()) as { error: string; errors: { message: string }[] }
    expect(body.error).toMatch(/too many sign-in attempts/i)
    expect(body.errors[0].message).toBe(body.error)

    expect(await failedAttemptsOf(last.email)).toEqual(before)
    for (const account of accounts) expect((await failedAttemptsOf(account.email)).locked).toBe(false)
  })

  it('refuses even the right password from the limited address until the window passes, while another address signs in', async () => {
    await createAccount('owner@example.com')
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_ADDRESS; attempt++)
      await signIn('203.0.113.20', `nobody${attempt}@example.com`, 'wrong')
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })

    const limited = await signIn('203.0.113.20', 'owner@example.com', PASSWORD)
    expect(limited.status).toBe(429)
    const other = await signIn('203.0.113.21', 'owner@example.com', PASSWORD)
    expect(other.status).toBe(200)
    expect(((await other.json()) as { token?: string }).token).toBeTruthy()

    vi.setSystemTime(Date.now() + LOGIN_WINDOW_MS)
    const later = await signIn('203.0.113.20', 'owner@example.com', PASSWORD)
    expect(later.status).toBe(200)
  })

  it(`answers a password-reset request past ${PASSWORD_RESETS_PER_ADDRESS} an hour from one address with 429, while another address still asks`, async () => {
    const ask = (address: string) =>
      fetch(`${server.url}/api/users/forgot-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      })
    for (let i = 0; i < PASSWORD_RESETS_PER_ADDRESS; i++) expect((await ask('203.0.113.90')).status).toBe(200)
    const refused = await ask('203.0.113.90')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { error: string }).error).toMatch(/too many password-reset requests/i)
    expect((await ask('203.0.113.91')).status).toBe(200)
  })

  it('does not limit the local API the set-up and seed use', async () => {
    await createAccount('local@example.com')
    for (let attempt = 0; attempt <= LOGIN_ATTEMPTS_PER_ADDRESS; attempt++)
      await payload.login({ collection: 'users', data: { email: 'local@example.com', password: PASSWORD } })
  })

  it('leaves the account lockout as it was: five wrong passwords lock for the lock time', async () => {
    const email = 'lockout@example.com'
    await createAccount(email)
    for (let attempt = 0; attempt < MAX_LOGIN_ATTEMPTS; attempt++) await signIn('203.0.113.30', email, 'wrong')
    expect((await failedAttemptsOf(email)).locked).toBe(true)
  })

  it('answers a malformed, empty or oversized sign-in with a 4xx in plain words, never a 5xx', async () => {
    const bodies = [
      '{"email":',
      '',
      JSON.stringify({ email: 42, password: ['x'] }),
      JSON.stringify({ email: 'x'.repeat(200_000), password: 'y' }),
    ]
    for (const [index, body] of bodies.entries()) {
      const response = await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${50 + index}` },
        body,
      })
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(response.status, body.slice(0, 40)).toBeLessThan(500)
    }
  })
})

describe('where a session cookie counts from', () => {
  /** Whom GET /api/users/me finds with the admin's session cookie and the headers given, or null. */
  async function whoAmI(token: string, headers: Record<string, string>) {
    const response = await fetch(`${server.url}/api/users/me`, {
      headers: { Cookie: `payload-token=${token}`, ...headers },
    })
    return ((await response.json()) as { user?: { email?: string } | null }).user?.email ?? null
  }

  it('counts it from the address the browser is at or from SERVER_URL, never from another site', async () => {
    const { token } = await payload.login({
      collection: 'users',
      data: { email: 'admin@example.com', password: PASSWORD },
    })
    expect(server.url).not.toBe(CONFIGURED_ORIGIN)
    expect(await whoAmI(token!, { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' })).toBe('admin@example.com')
    expect(await whoAmI(token!, { Origin: CONFIGURED_ORIGIN })).toBe('admin@example.com')
    expect(await whoAmI(token!, { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' })).toBeNull()
    // A browser vouches for same-origin itself; a page elsewhere cannot claim it by naming this Origin.
    expect(await whoAmI(token!, { Origin: server.url, 'Sec-Fetch-Site': 'cross-site' })).toBeNull()
    expect(await whoAmI(token!, { Origin: 'https://attacker.example' })).toBeNull()

    const forged = await fetch(`${server.url}/api/pages?draft=true`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `payload-token=${token}`,
        Origin: 'https://attacker.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      body: JSON.stringify({ title: 'Forged', slug: 'forged' }),
    })
    expect(forged.status).toBe(403)
    expect((await payload.count({ collection: 'pages', where: { slug: { equals: 'forged' } } })).totalDocs).toBe(0)
  })
})

/** A REST read of the site settings, anonymous or as a user of the given role. */
async function readSettings(role?: 'admin' | 'editor' | 'agent') {
  const headers: Record<string, string> = {}
  if (role) {
    const { token } = await payload.login({
      collection: 'users',
      data: { email: `${role}@example.com`, password: PASSWORD },
    })
    headers.Authorization = `JWT ${token}`
  }
  const response = await fetch(`${server.url}/api/globals/site-settings`, { headers })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    business?: { name?: string }
    contact?: { recipients?: unknown; fromAddress?: unknown }
  }
}

describe('who reads the contact addresses in site settings', () => {
  beforeAll(async () => {
    await payload.updateGlobal({
      slug: 'site-settings',
      data: {
        business: { name: 'Test Co', state: 'Ohio' },
        contact: { recipients: [{ email: 'orders@internal.example' }], fromAddress: 'website@internal.example' },
      },
    })
  })

  it('hides the recipients and the From address from visitors, editors and agents', async () => {
    for (const role of [undefined, 'editor', 'agent'] as const) {
      const settings = await readSettings(role)
      expect(settings.business?.name, String(role)).toBe('Test Co')
      expect(JSON.stringify(settings), String(role)).not.toContain('internal.example')
    }
  })

  it('shows them to an admin', async () => {
    const settings = await readSettings('admin')
    expect(settings.contact?.recipients).toEqual([expect.objectContaining({ email: 'orders@internal.example' })])
    expect(settings.contact?.fromAddress).toBe('website@internal.example')
  })

  it('still gives them to the site’s own server code', async () => {
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
    expect(settings.contact?.fromAddress).toBe('website@internal.example')
  })
})

describe('what a refused request logs', () => {
  it('logs an anonymous 403 and a wrong password at info, as one line without a stack', async () => {
    logLines.length = 0
    const forbidden = await fetch(`${server.url}/api/users`)
    expect(forbidden.status).toBe(403)
    const wrong = await signIn('203.0.113.40', 'admin@example.com', 'wrong')
    expect(wrong.status).toBe(401)
    expect(logLines.filter((line) => line.level >= ERROR)).toEqual([])
    expect(logLines.filter((line) => line.err)).toEqual([])
    const messages = logLines.filter((line) => line.level === INFO).map((line) => line.msg)
    expect(messages).toContain(((await forbidden.json()) as { errors: { message: string }[] }).errors[0].message)
    expect(messages).toContain(((await wrong.json()) as { errors: { message: string }[] }).errors[0].message)
  })

  it('goes by the status, not the class name the production build renames', () => {
    logLines.length = 0
    // The build turns `class Forbidden` into a one-letter class; Payload's loggingLevels no longer match it.
    class l extends APIError {}
    payload.logger.error({ err: new l('You are not allowed to perform this action.', 403) })
    payload.logger.error({ err: new Error('the database is gone') })
    expect(logLines.map((line) => line.level)).toEqual([INFO, ERROR])
    expect(logLines[0].err).toBeUndefined()
    expect(logLines[1].err?.stack).toContain('the database is gone')
  })
})
