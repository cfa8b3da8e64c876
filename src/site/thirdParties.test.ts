import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '@/security/headers'
import { VIMEO_EMBED_ORIGIN, YOUTUBE_EMBED_ORIGIN } from '@/blocks/Video/videoSource'
import { NO_THIRD_PARTY } from '@/security/thirdPartySources'
import { thirdPartySources } from './thirdParties'

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

/** The two video players a video block embeds: allowed as frames on every page, whatever the settings. */
const VIDEO_FRAMES = [YOUTUBE_EMBED_ORIGIN, VIMEO_EMBED_ORIGIN]
const ONLY_VIDEO_FRAMES = { ...NO_THIRD_PARTY, frame: VIDEO_FRAMES }

const thirdPartyCsp = (settings: Parameters<typeof thirdPartySources>[0]) =>
  contentSecurityPolicy({ thirdParty: thirdPartySources(settings) })

describe('third-party hosts in the CSP', () => {
  it('allows no third party but the two video players when nothing is configured', () => {
    expect(thirdPartySources({ captcha: { provider: 'altcha' }, analytics: {} })).toEqual(ONLY_VIDEO_FRAMES)
  })

  it('lets frames come only from this site and the privacy-friendly YouTube and Vimeo players, media only from this site', () => {
    const csp = thirdPartyCsp({ captcha: { provider: 'altcha' } })
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ])
    expect(directive(csp, 'media-src')).toEqual(["'self'"])
    expect(csp).not.toMatch(/[^-]youtube\.com|ytimg|vimeocdn/)
  })

  it('lets the reCAPTCHA frame in only when reCAPTCHA is the provider', () => {
    const csp = contentSecurityPolicy({
      thirdParty: thirdPartySources({ captcha: { provider: 'recaptcha' } }),
    })
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'https://www.google.com',
      'https://www.recaptcha.net',
      ...VIDEO_FRAMES,
    ])
    expect(directive(csp, 'script-src')).toContain('https://www.gstatic.com')
    expect(directive(thirdPartyCsp({ captcha: { provider: 'turnstile' } }), 'script-src')).not.toContain(
      'https://www.google.com',
    )
  })

  it('gives hCaptcha its frames, styles and connections', () => {
    const sources = thirdPartySources({ captcha: { provider: 'hcaptcha' } })
    for (const key of ['frame', 'style', 'connect'] as const) expect(sources[key]).toContain('https://*.hcaptcha.com')
  })

  it('adds the configured tag hosts to scripts, connections and images, and nowhere else', () => {
    const csp = contentSecurityPolicy({ thirdParty: thirdPartySources({ analytics: { ga4Id: 'G-TEST1' } }) })
    for (const name of ['script-src', 'connect-src', 'img-src'])
      expect(directive(csp, name)).toContain('https://www.googletagmanager.com')
    expect(directive(csp, 'frame-src')).toEqual(["'self'", ...VIDEO_FRAMES])
  })

  it('allows only the overriding tag origin when every tag names one: no Google, Clarity or Hotjar host', () => {
    const origin = 'http://127.0.0.1:3609'
    const csp = thirdPartyCsp({
      analytics: {
        gtmId: 'GTM-TEST1',
        ga4Id: 'G-TEST1',
        clarityId: 'clar1',
        hotjarId: '1234567',
        tagOrigins: { google: origin, clarity: origin, hotjar: origin },
      },
    })
    expect(directive(csp, 'connect-src')).toEqual(["'self'", origin])
    expect(csp).not.toContain('googletagmanager')
    expect(csp).not.toContain('clarity.ms')
    expect(csp).not.toContain('hotjar')
  })

  it('lets LiveChat frame and connect only when LiveChat is the chat provider', () => {
    expect(thirdPartySources({ chat: { provider: 'builtin' } })).toEqual(ONLY_VIDEO_FRAMES)
    const sources = thirdPartySources({ chat: { provider: 'livechat' } })
    expect(sources.frame).toContain('https://secure.livechatinc.com')
    expect(sources.connect).toContain('wss://*.livechatinc.com')
  })
})
