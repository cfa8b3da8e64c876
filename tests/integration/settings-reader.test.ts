import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSiteSettings, SITE_SETTINGS_MEMO_MS } from '@/content/siteSettingsReader'
import { readCaptchaSettings } from '@/contact/settings/read'
import { currentThirdPartySources } from '@/security/thirdPartySources'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

const business = { name: 'Reader test', state: 'Ohio' }
const setCaptcha = (captcha: Record<string, unknown>) =>
  payload.updateGlobal({ slug: 'site-settings', data: { business, captcha } as never })

describe("the server's settings reader", () => {
  it('answers the requests of one second from one read, and reads again after it', async () => {
    const now = Date.now()
    const first = readSiteSettings(payload, now)
    expect(readSiteSettings(payload, now + SITE_SETTINGS_MEMO_MS - 1)).toBe(first)
    const later = readSiteSettings(payload, now + SITE_SETTINGS_MEMO_MS)
    expect(later).not.toBe(first)
    expect((await later).business?.name).toBe((await first).business?.name)
  })

  it('sees an edit at once, not a second later', async () => {
    await setCaptcha({ provider: 'turnstile', siteKey: 'site-key-1', secretKey: 'secret-1' })
    expect(await readCaptchaSettings(payload)).toEqual({
      provider: 'turnstile',
      siteKey: 'site-key-1',
      secretKey: 'secret-1',
      holdWithoutJavaScript: true,
    })
    await setCaptcha({ provider: 'none', holdWithoutJavaScript: false })
    expect(await readCaptchaSettings(payload)).toMatchObject({ provider: null, holdWithoutJavaScript: false })
    await setCaptcha({ provider: 'altcha' })
    expect((await readCaptchaSettings(payload)).provider).toBe('altcha')
  })

  it('keeps no failed read: the next request reads again', async () => {
    // A stand-in whose database is away for the first read and back for the next.
    let away = true
    const flaky = {
      findGlobal: () => (away ? Promise.reject(new Error('database away')) : Promise.resolve({ business })),
    } as unknown as Payload
    const now = Date.now()
    await expect(readSiteSettings(flaky, now)).rejects.toThrow('database away')
    away = false
    expect((await readSiteSettings(flaky, now + 1)).business?.name).toBe(business.name)
  })
})

describe('the third parties every page’s CSP allows, published from the settings', () => {
  it('are kept when someone asks for a few fields of the settings, and follow a full read and a change', async () => {
    await setCaptcha({ provider: 'hcaptcha', siteKey: 'site-key-2', secretKey: 'secret-2' })
    expect(currentThirdPartySources().script).toContain('https://hcaptcha.com')
    // What any visitor may ask the API for (`?select[business][name]=true`), as a visitor.
    const partial = await payload.findGlobal({
      slug: 'site-settings',
      select: { business: { name: true } },
      overrideAccess: false,
      depth: 0,
    })
    expect(partial.business?.name).toBe(business.name)
    expect(currentThirdPartySources().script).toContain('https://hcaptcha.com')
    // A visitor's full read names them as they are.
    await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, depth: 0 })
    expect(currentThirdPartySources().script).toContain('https://hcaptcha.com')
    await setCaptcha({ provider: 'altcha' })
    expect(currentThirdPartySources().script).not.toContain('https://hcaptcha.com')
  })
})
