// The production front (deploy/stack.mjs): nginx before two app instances on one PostgreSQL and
// one Redis, on ports of its own. No browser: every check is an HTTP request.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { solvedCaptcha } from './support/captcha'
import { CHAT_VISITOR_COOKIE } from '../../src/chat/constants'
import { SHARED_CHAT_ANSWER_CACHE_CONTROL } from '../../src/chat/server/http/sharedAnswers'
import { SEED_BUSINESS } from '../../src/setup/seed/content/business'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../src/security/csrfProtocol'
import { MEDIA_CACHE_CONTROL } from '../../src/content/media/fileVersion'
import { MEDIA_FILE_PREFIX } from '../../src/server/mediaFiles'
import { CACHED_PAGE_CACHE_CONTROL } from '../../src/server/pageResponses'
import { HSTS_VALUE } from '../../src/security/headers'
import { completeContactFields } from '../../bench/lib/contactFields.mjs'
import { visitPage } from '../../bench/lib/pageVisits.mjs'
import { benchStackPorts, frontOrigin, stackEnv, trustStackCertificate } from '../../bench/lib/stack.mjs'
import { holdChats, type ChatReport } from '../../bench/lib/chatDuringDeploy.mjs'
import { commandLine, descendantsOf } from '../../scripts/lib/processTree.mjs'

const STACK_DIR = path.resolve('.tmp', 'stack-e2e')
/**
 * Six ports from here (3201 unless E2E_FRONT_PORT_BASE says), so two checkouts' suites can run side
 * by side; each replaced by its STACK_* variable when that is set.
 */
const PORT_BASE = Number(process.env.E2E_FRONT_PORT_BASE || 3201)
const PORTS = benchStackPorts(PORT_BASE)
/** The front over https, with the certificate the stack made; its plain HTTP port only redirects here. */
const FRONT = frontOrigin(PORTS)
const FRONT_PLAIN_HTTP = `http://127.0.0.1:${PORTS.front}`
const APP_A = `http://127.0.0.1:${PORTS.appA}`
const APP_B = `http://127.0.0.1:${PORTS.appB}`
/** A fresh stack migrates and seeds PostgreSQL before the instances start. */
const STACK_START_TIMEOUT_MS = 5 * 60_000
/** A publish is visible within 2 s, on every instance (docs/budgets.md). */
const PUBLISH_VISIBLE_MS = 2_000
/**
 * The front may keep a page for the one second of `s-maxage`, counted by nginx's whole-second
 * clock: up to one more second before a publish shows through it.
 */
const FRONT_CLOCK_MS = 1_000
const POLL_MS = 100
/**
 * Longer than any copy the front may serve: a publish's 2 s, the second of `s-maxage`, the second
 * of `stale-while-revalidate` while one request refreshes it, and nginx's whole-second clock.
 */
const QUIET_MS = PUBLISH_VISIBLE_MS + 2_000 + FRONT_CLOCK_MS
/** A crowd asking one answer at once, for a few of the front's one-second lifetimes of it. */
const CROWD_VISITORS = 20
const CROWD_MS = 3_000
const countsOf = (values: string[]) =>
  JSON.stringify(
    Object.fromEntries([...new Set(values)].map((value) => [value, values.filter((v) => v === value).length])),
  )

function stack(command: 'start' | 'stop') {
  const result = spawnSync(process.execPath, ['deploy/stack.mjs', command], {
    encoding: 'utf8',
    timeout: STACK_START_TIMEOUT_MS,
    env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
  })
  if (result.status !== 0) {
    throw new Error(`stack ${command} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  }
}

test.beforeAll(() => {
  test.setTimeout(STACK_START_TIMEOUT_MS + 30_000)
  // The suite tests this checkout: a release left by an earlier run's deploy is not run.
  fs.rmSync(path.join(STACK_DIR, 'current'), { force: true })
  stack('start')
  // Node's clients here (fetch, http2, Playwright's requests) trust the stack's certificate.
  trustStackCertificate(STACK_DIR)
})

test.afterAll(() => {
  test.setTimeout(2 * 60_000)
  stack('stop')
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Milliseconds until `url` answers with `text` in its body, polled every 100 ms; null if never within `withinMs`. */
async function msUntilShown(url: string, text: string, withinMs: number): Promise<number | null> {
  const started = Date.now()
  while (Date.now() - started <= withinMs) {
    const body = await fetch(url).then((response) => response.text())
    if (body.includes(text)) return Date.now() - started
    await sleep(POLL_MS)
  }
  return null
}

async function adminAuth(request: APIRequestContext, origin: string) {
  const credentials = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'admin.json'), 'utf8'))
  const login = await request.post(`${origin}/api/users/login`, { data: credentials })
  expect(login.ok()).toBe(true)
  return { Authorization: `JWT ${(await login.json()).token}` }
}

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

const contactFields = (name: string) =>
  completeContactFields(name, {
    email: 'front@example.com',
    service: 'tax-search',
    message: 'A request sent through the nginx front for a tax search on a Franklin County parcel.',
  })

/** What Chromium asks for over https (a page, a script); it takes brotli there, and only there. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const RAW_GET_TIMEOUT_MS = 10_000

/** One GET with the bytes as they came, not decoded: the encoding, the caching status and the body. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string | undefined; cacheStatus: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      const request = https.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            cacheStatus: response.headers['x-cache-status'] as string | undefined,
            body: Buffer.concat(chunks),
          }),
        )
      })
      request.setTimeout(RAW_GET_TIMEOUT_MS, () =>
        request.destroy(new Error(`no answer from ${url} within ${RAW_GET_TIMEOUT_MS} ms`)),
      )
      request.on('error', reject)
    },
  )
}

/** A body decoded as its Content-Encoding says (none: as it is). */
function decoded({ encoding, body }: { encoding: string | undefined; body: Buffer }): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  expect(encoding).toBeUndefined()
  return body
}

/** One GET over HTTP/2 on a new TLS connection: the protocol ALPN chose, the status and the headers. */
function http2Get(origin: string, path: string, timeoutMs: number) {
  return new Promise<{ alpn: string | false; status: number; headers: http2.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const session = http2.connect(origin)
      const timer = setTimeout(() => {
        session.destroy()
        reject(new Error(`no HTTP/2 answer from ${origin}${path} within ${timeoutMs} ms`))
      }, timeoutMs)
      const fail = (error: Error) => {
        clearTimeout(timer)
        session.destroy()
        reject(error)
      }
      session.on('error', fail)
      const request = session.request({ ':path': path, 'accept-encoding': 'gzip' })
      request.on('error', fail)
      request.on('response', (headers) => {
        const alpn = session.alpnProtocol ?? false
        request.resume()
        request.on('end', () => {
          clearTimeout(timer)
          session.close()
          resolve({ alpn, status: Number(headers[':status']), headers })
        })
      })
      request.end()
    },
  )
}

test.describe('production front', () => {
  test('answers over HTTP/2 with TLS, ALPN choosing h2', async () => {
    const answer = await http2Get(FRONT, '/', 10_000)
    expect(answer.alpn).toBe('h2')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toContain('text/html')
  })

  test('plain HTTP answers 301 to the same address over https', async () => {
    for (const address of ['/', '/pricing?utm_source=mail', '/api/health']) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${FRONT_PLAIN_HTTP}${address}`, { method, redirect: 'manual' })
        expect(response.status, `${method} ${address}`).toBe(301)
        expect(response.headers.get('location'), `${method} ${address}`).toBe(`${FRONT}${address}`)
      }
    }
  })

  test('every kind of answer carries HSTS once, with the app’s value', async () => {
    const html = await (await fetch(`${FRONT}/`)).text()
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
    const image = new RegExp(`${MEDIA_FILE_PREFIX}[^"?]+\\?v=[0-9a-z]+`).exec(html)?.[0]
    expect(chunk && image).toBeTruthy()
    // A page (whose own copy from the app is dropped), a cached page, an asset and an uploaded
    // file nginx serves itself, an endpoint, the chat's shared answer, and a 404.
    for (const address of ['/', '/pricing', chunk!, image!, '/api/health', '/api/chat/config', '/no-such-page']) {
      const response = await fetch(`${FRONT}${address}`)
      await response.arrayBuffer()
      // fetch joins repeated headers with ", ": equal means exactly one.
      expect(response.headers.get('strict-transport-security'), address).toBe(HSTS_VALUE)
    }
  })

  test('the app sees the visitor’s https: its cookies are Secure and its pages ask for https only', async () => {
    const throughFront = await fetch(`${FRONT}${CSRF_ENDPOINT}`)
    expect(throughFront.headers.getSetCookie().length).toBeGreaterThan(0)
    for (const cookie of throughFront.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure(;|$)/i)
    const page = await fetch(`${FRONT}/pricing`)
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    // The same instance asked over plain HTTP, not through the front: neither.
    const direct = await fetch(`${APP_A}${CSRF_ENDPOINT}`)
    for (const cookie of direct.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure(;|$)/i)
    expect((await fetch(`${APP_A}/pricing`)).headers.get('content-security-policy')).not.toContain(
      'upgrade-insecure-requests',
    )
  })

  for (const page of ['/', '/pricing']) {
    test(`${page} answers HTML that shared caches may keep`, async ({ request }) => {
      const response = await request.get(`${FRONT}${page}`)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
      expect(response.headers()['cache-control']).toMatch(/\bpublic\b/)
    })
  }

  test('a page asked for again is served from the micro-cache', async ({ playwright }) => {
    // No cookie jar: a visitor's first request, twice.
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const ask = () => visitor.get(`${FRONT}/pricing`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect((await ask()).status()).toBe(200)
    const again = await ask()
    expect(again.status()).toBe(200)
    // From the cache: fresh (HIT), or kept while one request refreshes it (UPDATING, STALE).
    expect(['HIT', 'UPDATING', 'STALE']).toContain(again.headers()['x-cache-status'])
    await visitor.dispose()
  })

  test('the chat widget’s lookup and availability poll are one shared answer the front keeps', async ({
    playwright,
  }) => {
    for (const path of ['/api/chat/config', '/api/chat/config?availability']) {
      const visitors = await Promise.all([1, 2].map(() => playwright.request.newContext()))
      const first = await visitors[0].get(`${FRONT}${path}`)
      expect(first.status()).toBe(200)
      expect(first.headers()['cache-control']).toBe(SHARED_CHAT_ANSWER_CACHE_CONTROL)
      const second = await visitors[1].get(`${FRONT}${path}`)
      expect(await second.json()).toEqual(await first.json())
      expect(['HIT', 'UPDATING', 'STALE']).toContain(second.headers()['x-cache-status'])
      await Promise.all(visitors.map((visitor) => visitor.dispose()))
    }
  })

  test('the consent region’s answer is kept by the front per region header value, never by the browser', async ({
    playwright,
  }) => {
    const visitors = await Promise.all([1, 2, 3, 4].map(() => playwright.request.newContext()))
    const ask = (visitor: number, headers: Record<string, string>) =>
      visitors[visitor].get(`${FRONT}/api/consent/region`, { headers })
    // An instance's first answer loads the route. On a busy machine that can outlast the two seconds
    // the front keeps an unused copy, which is then dropped as soon as it is stored: the route is
    // loaded on both instances first (requests at once go to different ones), for another region.
    await Promise.all(
      [1, 2, 3, 4].map(() => fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-PA' } })),
    )
    const first = await ask(0, { 'X-Visitor-Region': 'US-OH' })
    expect(await first.json()).toEqual({ region: 'US-OH', denied: false })
    const second = await ask(1, { 'X-Visitor-Region': 'US-OH' })
    expect(['HIT', 'UPDATING', 'STALE']).toContain(second.headers()['x-cache-status'])
    expect(second.headers()['set-cookie']).toMatch(/^visitor_region=US-OH; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
    // Past the front, nobody keeps it: it sets the visitor's own cookie.
    expect(second.headers()['cache-control']).toBe('private, no-store')
    // Another region, or none, is never given the copy kept for US-OH.
    expect(await (await ask(2, { 'X-Visitor-Region': 'DE' })).json()).toEqual({ region: 'DE', denied: true })
    const none = await ask(3, {})
    expect(await none.json()).toEqual({ region: null, denied: true })
    expect(none.headers()['set-cookie']).toMatch(/^visitor_region=unknown;/)
    await Promise.all(visitors.map((visitor) => visitor.dispose()))
  })

  test('a crowd of first visits asks the app for the region about once a second, not once per visitor who comes while it refreshes', async () => {
    const cacheStatuses: string[] = []
    const end = Date.now() + CROWD_MS
    await Promise.all(
      Array.from({ length: CROWD_VISITORS }, async () => {
        while (Date.now() < end) {
          const answer = await fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-OH' } })
          expect(await answer.json()).toEqual({ region: 'US-OH', denied: false })
          cacheStatuses.push(answer.headers.get('x-cache-status') ?? '')
        }
      }),
    )
    const askedTheApp = cacheStatuses.filter((status) => status === 'MISS' || status === 'EXPIRED').length
    expect(cacheStatuses.length).toBeGreaterThan(CROWD_VISITORS * 5)
    expect(askedTheApp, `answers by cache status: ${countsOf(cacheStatuses)}`).toBeLessThanOrEqual(CROWD_MS / 1000 + 2)
  })

  test('a region named before the front reaches the page’s consent script in a cookie, with no request for it', async ({
    playwright,
    browser,
  }) => {
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const ask = (headers: Record<string, string>) =>
      visitor.get(`${FRONT}/pricing`, { headers, maxRedirects: 0 }).then((response) => response.headers()['set-cookie'])
    expect(await ask({ 'X-Visitor-Region': 'US-OH' })).toMatch(
      /^visitor_region=US-OH; Path=\/; Max-Age=86400; SameSite=Lax; Secure$/,
    )
    // Kept once set; never from a malformed or hostile value; nothing without a region.
    expect(await ask({ 'X-Visitor-Region': 'DE', Cookie: 'visitor_region=US-OH' })).toBeUndefined()
    expect(await ask({ 'X-Visitor-Region': 'DE; Domain=evil.example' })).toBeUndefined()
    expect(await ask({ 'X-Visitor-Region': 'Germany' })).toBeUndefined()
    expect(await ask({})).toBeUndefined()
    await visitor.dispose()

    // Chromium cannot be told to trust one certificate after it started: it accepts the stack's.
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Visitor-Region': 'DE' },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    const regionRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/consent/region')) regionRequests.push(request.url())
    })
    // Not a page the other tests here need unrendered (the shared-cache test renders /faq first).
    await page.goto(`${FRONT}/privacy`)
    const consent = await page.evaluate(
      () => (window as { __consentDefault?: { regionKnown: boolean } }).__consentDefault,
    )
    expect(consent?.regionKnown).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(regionRequests).toEqual([])
    await context.close()
  })

  test('a page one instance rendered is served by the other from the shared cache, which caches may keep', async ({
    request,
  }) => {
    const path = `/faq?shared=${Date.now()}`
    expect((await request.get(`${APP_A}${path}`)).headers()['x-nextjs-cache']).toBe('MISS')
    const fromB = await request.get(`${APP_B}${path}`)
    expect(fromB.headers()['x-nextjs-cache']).toBe('HIT')
    expect(fromB.headers()['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
  })

  test('serves build assets precompressed and immutable', async ({ request }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
    expect(chunk).toBeTruthy()
    const response = await request.get(`${FRONT}${chunk}`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('immutable')
    expect(response.headers()['content-encoding']).toBe('gzip')
    // nginx serves it (the app does not send ETags of this shape).
    expect(response.headers()['server']).toBe('nginx')
  })

  test('sends a browser the build’s brotli copy, smaller than the gzip one and the same script; gzip to a client that refuses brotli', async ({
    request,
  }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const chunks = [...new Set(html.match(/\/_next\/static\/[^"]+\.js/g))]
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) {
      const original = await rawGet(`${FRONT}${chunk}`, 'identity')
      const brotli = await rawGet(`${FRONT}${chunk}`, BROWSER_ACCEPT_ENCODING)
      const gzip = await rawGet(`${FRONT}${chunk}`, 'br;q=0, gzip')
      expect([original.status, brotli.status, gzip.status]).toEqual([200, 200, 200])
      expect([original.encoding, brotli.encoding, gzip.encoding]).toEqual([undefined, 'br', 'gzip'])
      expect(decoded(brotli).equals(original.body)).toBe(true)
      expect(decoded(gzip).equals(original.body)).toBe(true)
      expect(brotli.body.length).toBeLessThan(gzip.body.length)
    }
  })

  test('sends a page in brotli to a browser and in gzip to a client that takes only gzip, the same page each time, each kept by the micro-cache', async () => {
    const path = `${FRONT}/pricing`
    const asked = async (acceptEncoding: string) => {
      await rawGet(path, acceptEncoding)
      return rawGet(path, acceptEncoding)
    }
    const brotli = await asked(BROWSER_ACCEPT_ENCODING)
    const gzip = await asked('gzip')
    const plain = await asked('identity')
    // Brotli refused with q=0, or a name that only starts like it, is not brotli.
    const refused = await asked('br;q=0, gzip')
    const misnamed = await asked('brotli, gzip')
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined])
    expect([refused.encoding, misnamed.encoding]).toEqual(['gzip', 'gzip'])
    for (const answer of [brotli, gzip, plain, refused, misnamed]) {
      expect(answer.status).toBe(200)
      expect(['HIT', 'UPDATING', 'STALE']).toContain(answer.cacheStatus)
    }
    const page = decoded(plain).toString()
    expect(page).toContain('</html>')
    expect(decoded(brotli).toString()).toBe(page)
    expect(decoded(gzip).toString()).toBe(page)
    expect(brotli.body.length).toBeLessThan(gzip.body.length)
  })

  test('serves uploaded images itself: immutable at a versioned address, with validators and 304', async ({
    request,
  }) => {
    const html = await (await request.get(`${FRONT}/`)).text()
    const address = new RegExp(`${MEDIA_FILE_PREFIX}[^"?]+\\?v=[0-9a-z]+`).exec(html)?.[0]
    expect(address).toBeTruthy()
    const image = await request.get(`${FRONT}${address}`)
    expect(image.status()).toBe(200)
    // nginx's own file answer: the app sends no Accept-Ranges, and the page cache's status is not there.
    expect(image.headers()['accept-ranges']).toBe('bytes')
    expect(image.headers()['x-cache-status']).toBeUndefined()
    expect(image.headers()['cache-control']).toBe(MEDIA_CACHE_CONTROL.versioned)
    expect(image.headers()['x-content-type-options']).toBe('nosniff')
    const { etag, 'last-modified': lastModified } = image.headers()
    expect(etag).toBeTruthy()
    // The instances give the same validators, so a copy from either revalidates at the front.
    const fromApp = await request.get(`${APP_A}${address}`)
    expect(fromApp.headers()['etag']).toBe(etag)
    expect(fromApp.headers()['last-modified']).toBe(lastModified)
    expect((await request.get(`${FRONT}${address}`, { headers: { 'If-None-Match': etag } })).status()).toBe(304)
    expect((await request.get(`${FRONT}${address}`, { headers: { 'If-Modified-Since': lastModified } })).status()).toBe(
      304,
    )
    const unversioned = await request.get(`${FRONT}${address!.split('?')[0]}`)
    expect(unversioned.headers()['cache-control']).toBe(MEDIA_CACHE_CONTROL.unversioned)
    expect((await request.get(`${FRONT}${MEDIA_FILE_PREFIX}no-such-file.webp`)).status()).toBe(404)
    expect((await request.get(`${FRONT}${MEDIA_FILE_PREFIX}..%2F..%2Fstack.json`)).status()).toBe(400)
  })

  test('a publish on one instance is seen within 2 s on the other instance, and through the front a second later at most', async ({
    request,
  }) => {
    const auth = await adminAuth(request, APP_A)
    const found = await (await request.get(`${APP_A}/api/pages?where[path][equals]=/pricing`, { headers: auth })).json()
    const pricing = found.docs[0]
    // Warm both, so that what is measured is the publish reaching a page already cached.
    await fetch(`${FRONT}/pricing`)
    await fetch(`${APP_B}/pricing`)
    const title = `Pricing published ${Date.now()}`
    // The stack's database is its own: the seeded title need not be put back.
    const patch = await request.patch(`${APP_A}/api/pages/${pricing.id}`, {
      headers: auth,
      data: { title, seo: { title }, _status: 'published' },
    })
    expect(patch.ok()).toBe(true)
    const [throughFront, onB] = await Promise.all([
      msUntilShown(`${FRONT}/pricing`, title, PUBLISH_VISIBLE_MS + FRONT_CLOCK_MS),
      msUntilShown(`${APP_B}/pricing`, title, PUBLISH_VISIBLE_MS),
    ])
    test.info().annotations.push({ type: 'publish visible (ms)', description: `front ${throughFront}, B ${onB}` })
    expect(throughFront, 'ms until the front shows the publish').not.toBeNull()
    expect(onB, 'ms until instance B shows the publish').not.toBeNull()
  })

  test('after a quiet spell the next visitor gets what was published meanwhile, not a copy the front kept: an edit, an unpublish, a denied region', async ({
    request,
  }) => {
    const auth = await adminAuth(request, APP_A)
    const slug = `quiet-page-${Date.now()}`
    const created = await request.post(`${APP_A}/api/pages`, {
      headers: auth,
      data: {
        title: 'A quiet page',
        slug,
        layout: [{ blockType: 'hero', heading: 'Before the quiet' }],
        _status: 'published',
      },
    })
    expect(created.ok()).toBe(true)
    const id = (await created.json()).doc.id
    const settings = await (await request.get(`${APP_A}/api/globals/site-settings`, { headers: auth })).json()
    const deniedRegions: string[] = settings.analytics.deniedRegions
    const regionAnswer = async () =>
      (await fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-OH' } })).json()
    try {
      expect(
        await msUntilShown(`${FRONT}/${slug}`, 'Before the quiet', PUBLISH_VISIBLE_MS + FRONT_CLOCK_MS),
      ).not.toBeNull()
      expect(await regionAnswer()).toEqual({ region: 'US-OH', denied: false })

      const edited = await request.patch(`${APP_A}/api/pages/${id}`, {
        headers: auth,
        data: { layout: [{ blockType: 'hero', heading: 'After the quiet' }] },
      })
      expect(edited.ok()).toBe(true)
      const denied = await request.post(`${APP_A}/api/globals/site-settings`, {
        headers: auth,
        data: { analytics: { deniedRegions: [...deniedRegions, 'US-OH'] } },
      })
      expect(denied.ok()).toBe(true)
      // Nobody asks meanwhile, so nothing at the front refreshes its copies.
      await sleep(QUIET_MS)
      const page = await fetch(`${FRONT}/${slug}`)
      const edit = (await page.text()).includes('After the quiet')
      expect(edit, `the edit shown (served ${page.headers.get('x-cache-status')})`).toBe(true)
      expect(await regionAnswer()).toEqual({ region: 'US-OH', denied: true })

      const unpublished = await request.patch(`${APP_A}/api/pages/${id}`, { headers: auth, data: { _status: 'draft' } })
      expect(unpublished.ok()).toBe(true)
      await sleep(QUIET_MS)
      for (let ask = 0; ask < 2; ask++) {
        const gone = await fetch(`${FRONT}/${slug}`)
        expect(gone.status, `ask ${ask + 1}: served ${gone.headers.get('x-cache-status')}`).toBe(404)
      }
    } finally {
      await request.post(`${APP_A}/api/globals/site-settings`, {
        headers: auth,
        data: { analytics: { deniedRegions } },
      })
      await request.delete(`${APP_A}/api/pages/${id}`, { headers: auth, failOnStatusCode: false })
    }
  })

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

/** The folder each instance runs from: the release it serves. */
const releaseDirsOf = (apps: ReturnType<typeof appProcesses>) =>
  apps.map(({ instance }) => (instance ? fs.realpathSync(`/proc/${instance}/cwd`) : 'no instance running'))

/** The stack's record of its processes: each app's supervisor, and the serve process it keeps running. */
function appProcesses(): { supervisor: number; instance: number | undefined }[] {
  const state = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8'))
  return state.processes.apps.map(({ pid }: { pid: number }) => ({
    supervisor: pid,
    instance: descendantsOf(pid).find((child) => commandLine(child)?.includes('scripts/serve.mjs')),
  }))
}

const statusOf = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  )

// These kill processes: they run last, and `stack stop` after them ends what is left.
/**
 * What a deploy of the checkout's build (`--built`: the build `npm test` made, copied, not built
 * again) and the roll over the instances after it may take on a busy machine.
 */
const DEPLOY_TIMEOUT_MS = 3 * 60_000
/** A page asked for during a deploy that takes longer than this has failed. */
const PAGE_TIMEOUT_MS = 10_000
/**
 * Left of a deploy test's time when its deploy is given up: room to end the child and report, so
 * that a deploy that never ends fails with its own output rather than the test's timeout.
 */
const DEPLOY_GIVE_UP_MARGIN_MS = 30_000

/** Chats held open through a deploy: each a visitor and the agent, each side sending every CHAT_INTERVAL_MS. */
const CHATS_THROUGH_DEPLOY = 2
const CHAT_INTERVAL_MS = 1_000

/**
 * Runs `deploy/stack.mjs <command>` while a visitor asks the front for pages back to back and
 * chats go on; returns every answer that was not a 200 (status or error), how many were asked,
 * and what became of the chats' messages and streams.
 */
async function pagesThrough(command: 'deploy' | 'rollback') {
  const chats = await holdChats({
    origin: FRONT,
    agentFile: path.join(STACK_DIR, 'admin.json'),
    conversations: CHATS_THROUGH_DEPLOY,
    intervalMs: CHAT_INTERVAL_MS,
  })
  // What is checked here is the roll over the instances, not a build: the deploy takes the build
  // the run made (a release's build is Next's own, the same as this one).
  const args = command === 'deploy' ? ['deploy', '--built'] : [command]
  const child = spawn(process.execPath, ['deploy/stack.mjs', ...args], {
    env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that giving up ends whatever it started too.
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  let running = true
  void exited.then(() => (running = false))
  const failures: string[] = []
  let asked = 0
  const giveUpAt = Date.now() + DEPLOY_TIMEOUT_MS - DEPLOY_GIVE_UP_MARGIN_MS
  while (running && Date.now() < giveUpAt) {
    for (const page of ['/', '/pricing', '/faq']) {
      asked++
      try {
        const { status } = await visitPage(`${FRONT}${page}`, PAGE_TIMEOUT_MS)
        if (status !== 200) failures.push(`${page}: ${status}`)
      } catch (error) {
        failures.push(`${page}: ${(error as Error).message} (${((error as Error).cause as Error)?.message})`)
      }
    }
  }
  // Given up: the deploy must not go on behind the next test.
  if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL')
  const code = await exited
  const chat = await chats.finish()
  if (code !== 0) throw new Error(`deploy/stack.mjs ${command} failed (${code}):\n${output}`)
  return { failures, asked, chat }
}

/** Every chat message was sent and arrived once on the other side, and every stream came back by itself. */
function expectChatsUnbroken(chat: ChatReport) {
  expect(chat.sent).toBeGreaterThan(0)
  expect(chat.sendFailureReasons).toEqual([])
  expect(chat.lostMessages).toEqual([])
  expect(chat.duplicated).toBe(0)
  expect(chat.received).toBe(chat.sent)
  // Every instance restarted, so every stream (the visitors' and the agent's) was ended at least once.
  expect(chat.reconnects).toBeGreaterThanOrEqual(chat.streams)
}

test.describe('deploys', () => {
  // Each test starts from where the one before left the stack.
  test.describe.configure({ mode: 'serial' })
  test('a deploy moves every instance to a new release one at a time; the front answers every page meanwhile, and every chat message arrives once as the streams reconnect', async () => {
    test.setTimeout(DEPLOY_TIMEOUT_MS)
    const checkout = fs.realpathSync('.')
    const before = appProcesses()
    expect(releaseDirsOf(before)).toEqual([checkout, checkout])
    const { failures, asked, chat } = await pagesThrough('deploy')
    expect(failures).toEqual([])
    expectChatsUnbroken(chat)
    expect(asked).toBeGreaterThan(100)
    const current = fs.realpathSync(path.join(STACK_DIR, 'current'))
    expect(path.basename(current)).toMatch(/^\d{8}-\d{6}/)
    // Every instance was started again, from the new release.
    const after = appProcesses()
    expect(releaseDirsOf(after)).toEqual([current, current])
    for (const [i, { instance }] of after.entries()) expect(instance).not.toBe(before[i].instance)
  })

  test('a rollback moves every instance back to the release before, with no failed page or lost chat message either', async () => {
    test.setTimeout(DEPLOY_TIMEOUT_MS)
    const { failures, chat } = await pagesThrough('rollback')
    expect(failures).toEqual([])
    expectChatsUnbroken(chat)
    const checkout = fs.realpathSync('.')
    expect(releaseDirsOf(appProcesses())).toEqual([checkout, checkout])
    expect(fs.realpathSync(path.join(STACK_DIR, 'current'))).toBe(checkout)
  })

  test('a rollback with no release before the current one is refused and changes nothing', async () => {
    const result = spawnSync(process.execPath, ['deploy/stack.mjs', 'rollback'], {
      encoding: 'utf8',
      env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/no earlier release/)
    const checkout = fs.realpathSync('.')
    expect(releaseDirsOf(appProcesses())).toEqual([checkout, checkout])
  })
})

test.describe('faults at the front', () => {
  test('an instance killed with kill -9 is back by itself within 5 s, and the front answers every page meanwhile', async () => {
    const [first] = appProcesses()
    expect(first.instance).toBeGreaterThan(0)
    const killedAt = Date.now()
    process.kill(first.instance!, 'SIGKILL')
    const statuses: number[] = []
    let backAfterMs: number | null = null
    while (Date.now() - killedAt < 15_000 && backAfterMs === null) {
      statuses.push(await statusOf(`${FRONT}/pricing`))
      if ((await statusOf(`${APP_A}/api/health/live`)) === 200) backAfterMs = Date.now() - killedAt
      else await sleep(POLL_MS)
    }
    expect(backAfterMs).not.toBeNull()
    expect(backAfterMs!).toBeLessThan(5_000)
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(appProcesses()[0].instance).not.toBe(first.instance)
  })

  test('with Redis killed, even an instance started meanwhile answers a page, a contact post, a sign-in and a chat message within 2 s; Redis is used again once back', async ({
    playwright,
  }) => {
    const redisPid = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')).processes.redis.pid
    process.kill(redisPid, 'SIGKILL')
    // An instance that starts while Redis is away, whose clients never connected: the case that hung.
    process.kill(appProcesses()[0].instance!, 'SIGKILL')
    await expect.poll(() => statusOf(`${APP_A}/api/health/live`), { timeout: 15_000 }).toBe(200)

    const timed = async (url: string, init: RequestInit = {}) => {
      const started = Date.now()
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
      return { status: response.status, ms: Date.now() - started, body: await response.text() }
    }
    const answers: Record<string, { status: number; ms: number }> = {}
    answers.page = await timed(`${APP_A}/faq`)
    answers.signIn = await timed(`${APP_A}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: APP_A },
      body: fs.readFileSync(path.join(STACK_DIR, 'admin.json'), 'utf8'),
    })
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const { token } = await (await visitor.get(`${APP_A}${CSRF_ENDPOINT}`)).json()
    const captcha = await solvedCaptcha(visitor, APP_A)
    const started = Date.now()
    const contact = await visitor.post(`${APP_A}/api/contact`, {
      headers: { [CSRF_HEADER]: token, Origin: APP_A },
      data: { formId: CONTACT_FORM_ID, fields: contactFields(`Redis down ${Date.now()}`), captcha },
    })
    answers.contact = { status: contact.status(), ms: Date.now() - started }
    const chatStart = await timed(`${APP_A}/api/chat/visitor`, {
      method: 'POST',
      headers: { Origin: APP_A, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'message', text: 'Hello while Redis is down' }),
    })
    answers.chat = chatStart
    await visitor.dispose()
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(200)
      expect(answer.ms, what).toBeLessThan(2_000)
    }
    expect(JSON.parse((await timed(`${APP_A}/api/health`)).body)).toMatchObject({ status: 'degraded', redis: 'down' })

    // Redis back where it was: every instance uses it again, without a restart.
    Object.assign(process.env, stackEnv(STACK_DIR, PORTS))
    const { startRedis } = await import('../../deploy/lib/services.mjs')
    const record = await startRedis()
    const state = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8'))
    state.processes.redis = record
    fs.writeFileSync(path.join(STACK_DIR, 'stack.json'), JSON.stringify(state, null, 2))
    for (const app of [APP_A, APP_B]) {
      await expect
        .poll(async () => JSON.parse((await timed(`${app}/api/health`)).body).status, { timeout: 10_000 })
        .toBe('ok')
    }
  })

  test('with every instance down, a cached page still comes and any other answer is the site’s maintenance page', async () => {
    expect(await statusOf(`${FRONT}/about`)).toBe(200)
    for (const { supervisor, instance } of appProcesses()) {
      process.kill(supervisor, 'SIGKILL')
      if (instance) process.kill(instance, 'SIGKILL')
    }
    await expect.poll(() => statusOf(`${APP_A}/api/health/live`)).toBe(0)
    await expect.poll(() => statusOf(`${APP_B}/api/health/live`)).toBe(0)

    const cached = await fetch(`${FRONT}/about`)
    expect(cached.status).toBe(200)
    for (const address of [`/never-cached-${Date.now()}`, '/api/health']) {
      const response = await fetch(`${FRONT}${address}`)
      expect(response.status, address).toBe(502)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(response.headers.get('content-type')).toContain('text/html')
      const page = await response.text()
      expect(page).toContain('We’ll be right back')
      expect(page).toContain(SEED_BUSINESS.phone)
      expect(page).not.toContain('nginx')
    }
  })
})
