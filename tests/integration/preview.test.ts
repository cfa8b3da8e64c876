// The preview route's answers over real HTTP with a real Payload and Next's own draft-mode switch:
// who is refused, which paths are refused, and what an editor gets; and, at the site's own server,
// that Next's revalidation header sent from outside never reaches Next.
import { DraftModeProvider } from 'next/dist/server/async-storage/draft-mode-provider'
import { RequestCookiesAdapter } from 'next/dist/server/web/spec-extension/adapters/request-cookies'
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_MODE_COOKIE } from '@/content/preview/draftCookie'
import { postPath } from '@/content/posts/addresses'
import { ADMIN_LOGIN_PATH, exitPreview, PREVIEW_CACHE_CONTROL, startPreview } from '@/content/preview/endpoint'
import { MAX_PREVIEW_PATH_LENGTH } from '@/content/preview/previewPath'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { listenOnLoopback, serveOnLoopback } from '../support/handlerServer'
import { startTestPayload } from '../support/payload'

const PASSWORD = 'a-long-test-password'
const PREVIEW_MODE_ID = 'test-preview-mode-id'

let payload: Payload
let cleanup: () => Promise<void>
let server: { url: string; close: () => Promise<void> }
const tokens: Record<'admin' | 'editor' | 'agent', string> = {} as never

/** Runs a handler as Next runs a route: with its draft-mode switch, whose cookie ends up on the response. */
function withDraftMode(handler: typeof exitPreview) {
  return async (request: Request) => {
    const setCookies = new Headers()
    const previewProps = { previewModeId: PREVIEW_MODE_ID, previewModeSigningKey: 'k', previewModeEncryptionKey: 'k' }
    const draftMode = new DraftModeProvider(
      previewProps,
      request.headers,
      RequestCookiesAdapter.seal(new RequestCookies(request.headers)),
      new ResponseCookies(setCookies),
    )
    const response = await handler(request, async () => draftMode)
    for (const cookie of setCookies.getSetCookie()) response.headers.append('Set-Cookie', cookie)
    return response
  }
}

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  for (const role of ['admin', 'editor', 'agent'] as const) {
    const email = `${role}@example.com`
    await payload.create({ collection: 'users', data: { email, password: PASSWORD, roles: [role] } })
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password: PASSWORD } })).token!
  }
  const layout = [{ blockType: 'hero', heading: 'Hello' }]
  for (const [title, slug] of [
    ['Home', 'home'],
    ['About us', 'about-us'],
  ])
    await payload.create({ collection: 'pages', data: { title, slug, layout, _status: 'published' } as never })
  await payload.create({
    collection: 'pages',
    data: { title: 'Coming soon', slug: 'coming-soon', layout, _status: 'draft' } as never,
    draft: true,
  })
  await payload.create({
    collection: 'posts',
    data: { title: 'Draft news', slug: 'draft-news', _status: 'draft' } as never,
    draft: true,
  })
  const start = withDraftMode((request, draftMode) => startPreview(request, payload, draftMode))
  const exit = withDraftMode(exitPreview)
  server = await serveOnLoopback((request) =>
    new URL(request.url).pathname === '/api/preview/exit' ? exit(request) : start(request),
  )
})
afterAll(async () => {
  await server?.close()
  await cleanup?.()
})

/** A browser's Accept header for a page it navigates to. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

/**
 * GET /api/preview with a raw query string (so hostile bytes reach the server as written), asking
 * for JSON as a script would; `accept` gives a browser's header instead.
 */
function preview(query: string, token?: string, accept = 'application/json') {
  return fetch(`${server.url}/api/preview?${query}`, {
    redirect: 'manual',
    headers: { Accept: accept, ...(token ? { Cookie: `payload-token=${token}` } : {}) },
  })
}

const draftCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DRAFT_MODE_COOKIE}=`))

describe('who may preview', () => {
  it('refuses a signed-out visitor with 401, without turning draft mode on', async () => {
    const response = await preview('path=/about-us')
    expect(response.status).toBe(401)
    expect((await response.json()).error).toMatch(/sign in/i)
    expect(draftCookieOf(response)).toBeUndefined()
    expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL)
  })

  it('answers a signed-out browser with a 401 page linking to the admin’s sign-in, which comes back to this preview', async () => {
    const response = await preview('path=%2Fabout-us', undefined, BROWSER_ACCEPT)
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL)
    expect(draftCookieOf(response)).toBeUndefined()
    const html = await response.text()
    expect(html).toContain('Sign in to the admin to preview drafts.')
    const href = /<a href="([^"]+)">Sign in to the admin<\/a>/.exec(html)?.[1]
    expect(href).toBe(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent('/api/preview?path=%2Fabout-us')}`)
  })

  it('answers a browser’s refusal other than signing in as a page without a sign-in link', async () => {
    const response = await preview('path=/about-us', tokens.agent, BROWSER_ACCEPT)
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('Only editors and admins preview drafts.')
    expect(html).not.toContain(ADMIN_LOGIN_PATH)
  })

  it('refuses a session token that is not valid with 401', async () => {
    const response = await preview('path=/about-us', `${tokens.editor}x`)
    expect(response.status).toBe(401)
    expect(draftCookieOf(response)).toBeUndefined()
  })

  it('refuses a signed-in chat agent with 403', async () => {
    const response = await preview('path=/about-us', tokens.agent)
    expect(response.status).toBe(403)
    expect((await response.json()).error).toMatch(/editors and admins/i)
    expect(draftCookieOf(response)).toBeUndefined()
  })
})

describe('what an editor gets', () => {
  it('previews a news post never published at its address, and 404 for a post that does not exist', async () => {
    const response = await preview(`path=${encodeURIComponent(postPath('draft-news'))}`, tokens.editor)
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/news/draft-news')
    expect(draftCookieOf(response)).toContain(`${DRAFT_MODE_COOKIE}=${PREVIEW_MODE_ID}`)
    expect((await preview('path=/news/no-such-post', tokens.editor)).status).toBe(404)
  })

  it('turns draft mode on and redirects an editor to the page, uncached', async () => {
    const response = await preview('path=%2Fabout-us', tokens.editor)
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/about-us')
    expect(draftCookieOf(response)).toContain(`${DRAFT_MODE_COOKIE}=${PREVIEW_MODE_ID}`)
    expect(draftCookieOf(response)).toMatch(/HttpOnly/i)
    expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL)
  })

  it('previews the home page and a page that exists only as a draft, for an admin too', async () => {
    for (const path of ['/', '/coming-soon']) {
      const response = await preview(`path=${encodeURIComponent(path)}`, tokens.admin)
      expect(response.status).toBe(307)
      expect(response.headers.get('location')).toBe(path)
      expect(draftCookieOf(response)).toBeDefined()
    }
  })

  it('answers 404 for a page path where there is no page, without turning draft mode on', async () => {
    const response = await preview('path=/no-such-page', tokens.editor)
    expect(response.status).toBe(404)
    expect(draftCookieOf(response)).toBeUndefined()
  })

  it('answers the same to the same request repeated', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => preview('path=/about-us', tokens.editor)))
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(307))
    expect(new Set(responses.map((response) => response.headers.get('location')))).toEqual(new Set(['/about-us']))
  })

  it('takes the first path when the parameter is repeated, and refuses if that one is hostile', async () => {
    expect((await preview('path=/about-us&path=//evil.example', tokens.editor)).headers.get('location')).toBe(
      '/about-us',
    )
    expect((await preview('path=//evil.example&path=/about-us', tokens.editor)).status).toBe(400)
  })
})

describe('paths that are not pages of this site', () => {
  const hostile: Record<string, string> = {
    'no path': '',
    'an empty path': 'path=',
    'another host, protocol-relative': 'path=//evil.example',
    'another host, absolute': 'path=https://evil.example/about-us',
    'a backslash that browsers read as a slash': 'path=/%5Cevil.example',
    'a backslash pair': 'path=%5C%5Cevil.example',
    'an encoded protocol-relative host': 'path=%2F%2Fevil.example',
    'a double-encoded host': 'path=%252F%252Fevil.example',
    'an encoded slash inside a segment': 'path=/about-us%252F..%252F..%252Fevil',
    'a script address': 'path=javascript:alert(1)',
    'no leading slash': 'path=about-us',
    'dot segments': 'path=/about-us/../../admin',
    'a trailing slash': 'path=/about-us/',
    'capital letters': 'path=/About-Us',
    'a header break': 'path=/about-us%0D%0ALocation:%20https://evil.example',
    'a tab': 'path=/about%09us',
    'a NUL byte': 'path=/about-us%00',
    'a query of its own': 'path=/about-us%3Fnext=//evil.example',
    'a fragment': 'path=/about-us%23x',
    '"home" at the top (the home page is "/")': 'path=/home',
    'too many segments': `path=${'/a'.repeat(9)}`,
    'a very long path': `path=/${'a'.repeat(MAX_PREVIEW_PATH_LENGTH + 1)}`,
    'non-ASCII letters': 'path=/%C3%A9t%C3%A9',
  }
  for (const [name, query] of Object.entries(hostile)) {
    it(`refuses ${name} with 400 and a plain message, and redirects nowhere`, async () => {
      const response = await preview(query, tokens.editor)
      expect(response.status).toBe(400)
      expect((await response.json()).error).toMatch(/page|path/i)
      expect(response.headers.get('location')).toBeNull()
      expect(draftCookieOf(response)).toBeUndefined()
      expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL)
    })
  }
})

describe('the way out', () => {
  it('turns draft mode off and goes back to the published page, for anyone', async () => {
    const response = await fetch(`${server.url}/api/preview/exit?path=/about-us`, { redirect: 'manual' })
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/about-us')
    expect(draftCookieOf(response)).toMatch(/Expires=Thu, 01 Jan 1970/i)
  })

  it('goes to the home page when the path is missing or hostile', async () => {
    for (const query of ['', 'path=//evil.example', 'path=https://evil.example']) {
      const response = await fetch(`${server.url}/api/preview/exit?${query}`, { redirect: 'manual' })
      expect(response.status).toBe(307)
      expect(response.headers.get('location')).toBe('/')
    }
  })
})

describe('Next’s revalidation header sent from outside', () => {
  it('never reaches Next through the site’s server, so it makes no fresh render nor cache write', async () => {
    // Next takes this header, with the build's preview id, as leave to render the page again and rewrite its cache.
    const reachedNext: (string | undefined)[] = []
    const site = await listenOnLoopback(
      siteRequestListener({
        handle: (req, res) => {
          reachedNext.push(req.headers['x-prerender-revalidate'] as string | undefined)
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end('<p>the page</p>')
        },
        trust: proxyTrustFrom('loopback'),
        dev: false,
        scriptMark: 'testMarkForTheStandInServer0000',
      }),
    )
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await fetch(`${site.url}/about-us`, {
          headers: { 'x-prerender-revalidate': PREVIEW_MODE_ID, 'x-prerender-revalidate-if-generated': '1' },
        })
        expect(answer.status).toBe(200)
      }
      expect(reachedNext).toEqual([undefined, undefined, undefined])
    } finally {
      await site.close()
    }
  })
})
