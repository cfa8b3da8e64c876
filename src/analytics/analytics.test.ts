import vm from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { packBatches } from './collector/client'
import { deviceClass } from './collector/device'
import { MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from './collector/limits'
import { consentBootstrapScript } from './consent/bootstrap'
import { readChoice } from './consent/storage'
import {
  CONSENT_ASK_CLASS,
  CONSENT_MAX_AGE_MS,
  CONSENT_STORAGE_KEY,
  CONSENT_TAB_NAME_PREFIX,
  CONSENT_WAIT_FOR_UPDATE_MS,
  DEFAULT_REGION_HEADER,
  defaultState,
  parseRegion,
  regionDeniesByDefault,
  REGION_COOKIE,
  regionHeaderName,
  stateFromChoice,
  UNKNOWN_REGION,
} from './consent/model'
import { redactUrl, REDACTION_TEXT } from './redact'
import { tagConfig, tagCspSources, TAG_SERVICES } from './tags/hosts'

describe('redacting email-like query values', () => {
  it.each([
    ['https://site.test/?email=jane@example.com', `https://site.test/?email=${REDACTION_TEXT}`],
    ['https://site.test/?e=jane%40example.com&x=1', `https://site.test/?e=${REDACTION_TEXT}&x=1`],
    ['/contact?a=1&to=a.b+c@mail.example.org#form', `/contact?a=1&to=${REDACTION_TEXT}#form`],
    ['https://site.test/?jane@example.com', `https://site.test/?${REDACTION_TEXT}`],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it.each([
    'https://site.test/pricing?plan=full',
    'https://user@site.test/',
    'https://site.test/a@b.c/path',
    '',
    'not a url?x=%E0%A4',
  ])('leaves %s as it was', (url) => {
    expect(redactUrl(url)).toBe(url)
  })
})

describe('consent defaults by region', () => {
  const denied = ['DE', 'US-CA', 'GB']
  it('denies in a listed region and in every subdivision of a listed country', () => {
    expect(regionDeniesByDefault('US-CA', denied)).toBe(true)
    expect(regionDeniesByDefault('DE-BY', denied)).toBe(true)
  })
  it('grants in an unlisted region, and denies when the region is unknown', () => {
    expect(regionDeniesByDefault('US-OH', denied)).toBe(false)
    expect(regionDeniesByDefault(null, denied)).toBe(true)
  })
  it('falls back to the default region header when the setting is not a header name', () => {
    expect(regionHeaderName('CF-IPCountry')).toBe('cf-ipcountry')
    expect(regionHeaderName('x visitor region')).toBe(DEFAULT_REGION_HEADER)
    expect(regionHeaderName(null)).toBe(DEFAULT_REGION_HEADER)
  })
  it('reads region headers loosely and refuses malformed ones', () => {
    expect(parseRegion(' us-oh ')).toBe('US-OH')
    expect(parseRegion('<script>')).toBeNull()
    expect(parseRegion('')).toBeNull()
  })
  it('lets Global Privacy Control deny the ad types whatever the region or choice', () => {
    expect(defaultState(false, true)).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'granted',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    expect(stateFromChoice({ analytics: true, ads: true }, true).ad_storage).toBe('denied')
  })
  it('keeps the bootstrap script from closing its own script element', () => {
    expect(consentBootstrapScript({ deniedRegions: ['DE', '</script><script>'] })).not.toContain('<')
  })
})

/** A localStorage holding `stored` under the consent key (nothing when undefined). */
const storageWith = (stored?: string) => ({
  getItem: (key: string) => (key === CONSENT_STORAGE_KEY && stored !== undefined ? stored : null),
})

/**
 * Runs the page's bootstrap script as a browser would, with the given cookie, GPC signal and
 * stored consent choice; answers what it pushed, what it told the consent manager and the classes
 * it put on the page's root.
 */
function runBootstrap(cookie: string, gpc = false, stored?: string, tabName = '') {
  const rootClasses = new Set<string>()
  const window: Record<string, unknown> = { localStorage: storageWith(stored), name: tabName }
  const script = consentBootstrapScript({ deniedRegions: ['DE', 'us-ca', 'GB'] })
  vm.runInNewContext(script, {
    window,
    document: { cookie, documentElement: { classList: { add: (name: string) => rootClasses.add(name) } } },
    navigator: { globalPrivacyControl: gpc },
  })
  const layer = window.dataLayer as IArguments[]
  return {
    first: Array.from(layer[0]),
    seen: window.__consentDefault as { denied: boolean; regionKnown: boolean },
    asks: rootClasses.has(CONSENT_ASK_CLASS),
  }
}

/** Stored values: a valid choice, and the ways one can be missing, spoiled or out of date. */
const STORED_CHOICES: [string, string | undefined][] = [
  [
    'a choice made today',
    JSON.stringify({ v: 1, analytics: true, ads: false, expires: Date.now() + CONSENT_MAX_AGE_MS }),
  ],
  ['nothing', undefined],
  ['a choice past its expiry', JSON.stringify({ v: 1, analytics: true, ads: true, expires: Date.now() - 1 })],
  ['another version', JSON.stringify({ v: 2, analytics: true, ads: true, expires: Date.now() + 1000 })],
  [
    'a purpose that is not true or false',
    JSON.stringify({ v: 1, analytics: 'yes', ads: false, expires: Date.now() + 1000 }),
  ],
  ['no expiry', JSON.stringify({ v: 1, analytics: true, ads: false })],
  ['text that is not JSON', '{v:1'],
  ['null', 'null'],
]

describe('the banner before the page’s scripts run', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is asked for when no choice is stored, and not when one is', () => {
    expect(runBootstrap('', false).asks).toBe(true)
    expect(runBootstrap('', false, STORED_CHOICES[0][1]).asks).toBe(false)
  })

  it.each(STORED_CHOICES)('agrees with the consent manager’s reading of %s', (_, stored) => {
    vi.stubGlobal('localStorage', storageWith(stored))
    vi.stubGlobal('window', { name: '' })
    expect(runBootstrap(`${REGION_COOKIE}=US-OH`, false, stored).asks).toBe(readChoice() === null)
  })

  it.each(STORED_CHOICES)('agrees with the consent manager’s reading of %s kept in the tab’s name', (_, kept) => {
    const name = kept === undefined ? '' : CONSENT_TAB_NAME_PREFIX + kept
    vi.stubGlobal('localStorage', storageWith())
    vi.stubGlobal('window', { name })
    expect(runBootstrap(`${REGION_COOKIE}=US-OH`, false, undefined, name).asks).toBe(readChoice() === null)
  })

  it('is not asked for by a tab name that is not a kept choice', () => {
    const made = JSON.stringify({ v: 1, analytics: true, ads: true, expires: Date.now() + 1000 })
    expect(runBootstrap('', false, undefined, made).asks).toBe(true)
    expect(runBootstrap('', false, undefined, `x${CONSENT_TAB_NAME_PREFIX}${made}`).asks).toBe(true)
  })

  it('is asked for when the browser refuses to open its storage', () => {
    const window: Record<string, unknown> = {}
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new Error('SecurityError')
      },
    })
    const rootClasses: string[] = []
    vm.runInNewContext(consentBootstrapScript({ deniedRegions: [] }), {
      window,
      document: { cookie: '', documentElement: { classList: { add: (name: string) => rootClasses.push(name) } } },
      navigator: {},
    })
    expect(rootClasses).toEqual([CONSENT_ASK_CLASS])
  })
})

describe('the consent bootstrap in the browser (one script for every visitor)', () => {
  const denied = {
    ad_storage: 'denied',
    analytics_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  }
  it('starts denied while the region is unknown, and says the region must be asked for', () => {
    const { first, seen } = runBootstrap('other=1')
    expect(first).toEqual(['consent', 'default', { ...denied, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }])
    expect(seen).toMatchObject({ denied: true, regionKnown: false })
  })
  it('grants outside the listed regions once the region cookie names one', () => {
    const { first, seen } = runBootstrap(`a=b; ${REGION_COOKIE}=US-OH`)
    expect(first[2]).toMatchObject({ ad_storage: 'granted', analytics_storage: 'granted' })
    expect(seen).toMatchObject({ denied: false, regionKnown: true })
  })
  it('denies in a listed region, a listed subdivision and a subdivision of a listed country', () => {
    for (const region of ['DE', 'US-CA', 'DE-BY'])
      expect(runBootstrap(`${REGION_COOKIE}=${region}`).first[2]).toMatchObject(denied)
  })
  it('keeps an unknown region denied without asking again', () => {
    expect(runBootstrap(`${REGION_COOKIE}=${UNKNOWN_REGION}`).seen).toMatchObject({ denied: true, regionKnown: true })
  })
  it('lets Global Privacy Control deny the ad types in a granting region', () => {
    expect(runBootstrap(`${REGION_COOKIE}=US-OH`, true).first[2]).toMatchObject({
      ad_storage: 'denied',
      analytics_storage: 'granted',
    })
  })
})

describe('tag hosts for the CSP', () => {
  it('allows no tag host while no tag is configured', () => {
    expect(tagCspSources({ tagOrigins: { google: 'http://127.0.0.1:9' } })).toEqual([])
  })
  it('allows a configured service’s own hosts, or only its overriding origin', () => {
    expect(tagCspSources({ ga4Id: 'G-TEST1' })).toEqual(TAG_SERVICES.google.cspSources)
    expect(
      tagCspSources({ ga4Id: 'G-TEST1', clarityId: 'clar1', tagOrigins: { google: 'http://127.0.0.1:9/x' } }),
    ).toEqual(['http://127.0.0.1:9', ...TAG_SERVICES.clarity.cspSources])
  })
  it('ignores ids and origins that could inject into a URL or the policy', () => {
    const config = tagConfig({ gtmId: 'GTM-1"><script>', tagOrigins: { google: "javascript:alert(1)'" } })
    expect(config.gtmId).toBeNull()
    expect(config.origins.google).toBe(TAG_SERVICES.google.defaultOrigin)
  })
  it('loads a tag only when its id has the service’s own shape', () => {
    const config = tagConfig({ gtmId: ' GTM-5XK2P9Q ', ga4Id: 'UA-12345-1', clarityId: 'k2x9m4p7qa', hotjarId: 'abc' })
    expect(config).toMatchObject({ gtmId: 'GTM-5XK2P9Q', ga4Id: null, clarityId: 'k2x9m4p7qa', hotjarId: null })
  })
})

describe('the browser client’s batches', () => {
  const event = (props: Record<string, string> = {}) => ({ name: 'e', url: 'https://site.test/', ts: 1, props })
  it('puts at most the maximum number of events in one body', () => {
    const bodies = packBatches(Array.from({ length: MAX_EVENTS_PER_BATCH * 2 + 1 }, () => event()))
    expect(bodies.map((body) => JSON.parse(body).events.length)).toEqual([
      MAX_EVENTS_PER_BATCH,
      MAX_EVENTS_PER_BATCH,
      1,
    ])
  })
  it('keeps every body within the byte limit and drops an event too big to send', () => {
    const big = event({ a: 'x'.repeat(250), b: 'y'.repeat(250) })
    const bodies = packBatches([
      ...Array.from({ length: 60 }, () => event({ pad: 'p'.repeat(800) })),
      big,
      event({ huge: 'h'.repeat(MAX_BATCH_BYTES) }),
    ])
    expect(bodies.every((body) => new TextEncoder().encode(body).length <= MAX_BATCH_BYTES)).toBe(true)
    expect(bodies.flatMap((body) => JSON.parse(body).events)).toHaveLength(61)
  })
})

describe('device classes from the User-Agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', 'desktop'],
    [null, 'desktop'],
  ])('%s is %s', (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected)
  })
})
