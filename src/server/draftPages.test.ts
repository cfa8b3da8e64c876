import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carriesDraftModeCookie, DRAFT_MODE_COOKIE } from '@/content/preview/draftCookie'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { editorSessionCookie } from '../../tests/support/editorSession'
import { proxyTrustFrom } from './clientAddress'
import { DRAFT_PAGE_CACHE_CONTROL } from './draftPages'
import { CACHED_PAGE_CACHE_CONTROL } from './pageResponses'
import { siteRequestListener } from './requestListener'

// Draft mode reaches Next only with an editor's session beside it (src/server/draftGate.ts).
const DRAFT_COOKIE = `${DRAFT_MODE_COOKIE}=genuine-id; ${editorSessionCookie()}`
let renders = 0

/** A page as Next answers it from its full-route cache, with next.config.ts's headers. */
function answerLikeNext(res: http.ServerResponse) {
  renders++
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value)
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 's-maxage=86400, stale-while-revalidate=31449600')
  res.end(`<p>render ${renders}</p>`)
}

let server: http.Server
let origin: string

beforeAll(async () => {
  server = http.createServer(
    siteRequestListener({
      handle: (_req, res) => answerLikeNext(res),
      trust: proxyTrustFrom('loopback'),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function get(path: string, cookie?: string) {
  const response = await fetch(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  return { headers: response.headers, body: await response.text() }
}

const frameAncestors = (csp: string | null) =>
  String(csp)
    .split('; ')
    .find((part) => part.startsWith('frame-ancestors '))

describe('pages in draft mode', () => {
  it('sends a page in draft mode private and uncached, never from the memo', async () => {
    const remembered = await get('/about-us')
    const draft = await get('/about-us', `theme=dark; ${DRAFT_COOKIE}`)
    const again = await get('/about-us', DRAFT_COOKIE)
    expect(draft.headers.get('cache-control')).toBe(DRAFT_PAGE_CACHE_CONTROL)
    for (const answer of [draft, again]) {
      expect(answer.headers.get('x-nextjs-cache')).toBeNull()
      expect(answer.body).not.toBe(remembered.body)
    }
    expect(again.body).not.toBe(draft.body)
  })

  it('lets a page in draft mode be framed by this origin only', async () => {
    const { headers } = await get('/about-us', DRAFT_COOKIE)
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(frameAncestors(headers.get('content-security-policy'))).toBe("frame-ancestors 'self'")
  })

  it('keeps a public page unframeable and shared, with or without an unrelated cookie', async () => {
    for (const cookie of [undefined, `not${DRAFT_MODE_COOKIE}=x`, `${DRAFT_MODE_COOKIE}=`]) {
      const { headers } = await get('/about-us', cookie)
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(frameAncestors(headers.get('content-security-policy'))).toBe("frame-ancestors 'none'")
      expect(headers.get('cache-control')).toBe(CACHED_PAGE_CACHE_CONTROL)
    }
  })

  it('leaves the admin unframeable whatever cookie comes with it', async () => {
    const { headers } = await get('/admin/collections/pages', DRAFT_COOKIE)
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(frameAncestors(headers.get('content-security-policy'))).toBe("frame-ancestors 'none'")
  })
})

describe('the draft-mode cookie', () => {
  it('is recognised only under its own name and with a value', () => {
    expect(carriesDraftModeCookie(DRAFT_COOKIE)).toBe(true)
    expect(carriesDraftModeCookie(`a=b;${DRAFT_COOKIE}`)).toBe(true)
    expect(carriesDraftModeCookie(['a=b', DRAFT_COOKIE])).toBe(true)
    expect(carriesDraftModeCookie(`x${DRAFT_COOKIE}`)).toBe(false)
    expect(carriesDraftModeCookie(`a=${DRAFT_COOKIE}`)).toBe(false)
    expect(carriesDraftModeCookie(`${DRAFT_MODE_COOKIE}=`)).toBe(false)
    expect(carriesDraftModeCookie(undefined)).toBe(false)
  })
})
