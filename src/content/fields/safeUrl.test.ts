import { describe, expect, it } from 'vitest'
import { isSafeLinkUrl, schemeOf } from './safeUrl'

describe('safe link addresses', () => {
  it.each([
    'https://example.com/a',
    'http://example.com',
    'mailto:a@b.example',
    'tel:+16145550142',
    '/services',
    '#faq',
    'www.example.com',
    '//cdn.example.com/x',
  ])('accepts %s', (url) => expect(isSafeLinkUrl(url)).toBe(true))

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '',
    '   ',
  ])('refuses %j', (url) => expect(isSafeLinkUrl(url)).toBe(false))

  it('refuses what is not text', () => {
    expect(isSafeLinkUrl(null)).toBe(false)
    expect(isSafeLinkUrl({ toString: () => 'https://x' })).toBe(false)
  })

  it('reads the scheme as a browser would', () => {
    expect(schemeOf('  JAVA\tSCRIPT:x')).toBe('javascript')
    expect(schemeOf('/a:b')).toBeNull()
  })
})
