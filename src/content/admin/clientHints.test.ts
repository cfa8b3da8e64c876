import { buildCustomRoute } from 'next/dist/lib/build-custom-route'
import { describe, expect, it } from 'vitest'
import nextConfig from '../../../next.config'
import { clientHintsForAdminOnly, isClientHintHeader } from './clientHints'

const CLIENT_HINT_HEADERS = ['accept-ch', 'critical-ch']

/** The headers Next sends on a path, matched the way Next matches a header rule's source. */
async function headersOn(pathname: string): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers?.()) ?? []
  const sent: Record<string, string> = {}
  for (const rule of rules) {
    const { regex } = buildCustomRoute('header', rule)
    if (!new RegExp(regex).test(pathname)) continue
    for (const { key, value } of rule.headers) sent[key.toLowerCase()] = value
  }
  return sent
}

describe("the admin theme's client hints (next.config.ts)", () => {
  it.each(['/', '/contact', '/pricing/residential', '/api/media/file/hero.webp', '/administrator'])(
    'are not sent on the public path %s, so Chromium fetches its document once',
    async (pathname) => {
      const sent = await headersOn(pathname)
      for (const name of CLIENT_HINT_HEADERS) expect(sent).not.toHaveProperty(name)
      expect(sent.vary ?? '').not.toMatch(/sec-ch-/i)
    },
  )

  it.each(['/admin', '/admin/login', '/admin/collections/pages/1'])(
    'are still sent on the admin path %s',
    async (pathname) => {
      const sent = await headersOn(pathname)
      expect(sent['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
      expect(sent['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
      expect(sent.vary).toBe('Sec-CH-Prefers-Color-Scheme')
    },
  )

  it('leaves the security headers on every path: nosniff, the referrer and permissions policies, no framing', async () => {
    for (const pathname of ['/', '/admin'])
      expect(await headersOn(pathname)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringMatching(/(^|, )camera=\(\)/),
        'x-frame-options': 'DENY',
      })
  })
})

describe('moving client hints to the admin', () => {
  it('counts Accept-CH, Critical-CH and a Vary of Sec-CH-* headers only as client hints', () => {
    expect(isClientHintHeader({ key: 'Accept-CH', value: 'Sec-CH-UA' })).toBe(true)
    expect(isClientHintHeader({ key: 'critical-ch', value: 'Sec-CH-UA' })).toBe(true)
    expect(isClientHintHeader({ key: 'Vary', value: 'Sec-CH-UA, Sec-CH-Prefers-Color-Scheme' })).toBe(true)
    expect(isClientHintHeader({ key: 'Vary', value: 'Accept-Encoding' })).toBe(false)
    expect(isClientHintHeader({ key: 'Vary', value: 'Sec-CH-UA, Accept-Language' })).toBe(false)
    expect(isClientHintHeader({ key: 'X-Frame-Options', value: 'DENY' })).toBe(false)
  })

  it('keeps a rule that held only client hints out, and each hint once on the admin', () => {
    const moved = clientHintsForAdminOnly([
      { source: '/:path*', headers: [{ key: 'Accept-CH', value: 'Sec-CH-UA' }] },
      {
        source: '/blog/:path*',
        headers: [
          { key: 'X-Robots-Tag', value: 'noindex' },
          { key: 'Accept-CH', value: 'Sec-CH-UA' },
        ],
      },
    ])
    expect(moved).toEqual([
      { source: '/blog/:path*', headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] },
      { source: '/admin/:path*', headers: [{ key: 'Accept-CH', value: 'Sec-CH-UA' }] },
    ])
  })
})
