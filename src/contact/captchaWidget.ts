// The captcha widget inside the contact form, for whichever provider the site settings choose.
// Nothing is fetched until `load()`: the form calls it on the visitor's first interaction.
import { CAPTCHA_CHALLENGE_ENDPOINT, CAPTCHA_FORM_FIELDS, type CaptchaProviderName } from './protocol'

export type CaptchaConfig = { provider: CaptchaProviderName; siteKey: string | null }

export type CaptchaWidget = {
  /** Fetches and draws the widget; later calls return the same promise. */
  load: () => Promise<void>
  /**
   * The answer to send, solving first where the provider can (altcha); null when there is none.
   * Altcha's rejects when its script could not be loaded (no answer can be made without it); a
   * later call tries to load it again.
   */
  response: () => Promise<string | null>
  /** A fresh challenge, after a refused answer or a reset of the form. */
  reset: () => void
}

/** Scripts of the third-party providers (their hosts must be allowed by the page's CSP). */
export const THIRD_PARTY_CAPTCHA_SCRIPTS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
} as const

/** The part of reCAPTCHA's, Turnstile's and hCaptcha's browser API that the form uses (the same shape in all three). */
type ExplicitRenderApi = {
  render: (container: HTMLElement, options: { sitekey: string }) => string | number
  getResponse: (id?: string | number) => string | undefined
  reset: (id?: string | number) => void
}

const GLOBAL_NAMES: Record<keyof typeof THIRD_PARTY_CAPTCHA_SCRIPTS, 'grecaptcha' | 'turnstile' | 'hcaptcha'> = {
  recaptcha: 'grecaptcha',
  turnstile: 'turnstile',
  hcaptcha: 'hcaptcha',
}

/** The script URL with the name of the function the provider calls once its API is ready. */
export function thirdPartyScriptUrl(provider: keyof typeof THIRD_PARTY_CAPTCHA_SCRIPTS, onloadName: string): string {
  const url = new URL(THIRD_PARTY_CAPTCHA_SCRIPTS[provider])
  url.searchParams.set('onload', onloadName)
  return url.toString()
}

let callbackCount = 0

function loadThirdPartyApi(provider: keyof typeof THIRD_PARTY_CAPTCHA_SCRIPTS): Promise<ExplicitRenderApi> {
  const globals = window as unknown as Record<string, unknown>
  const ready = globals[GLOBAL_NAMES[provider]] as ExplicitRenderApi | undefined
  if (ready?.render) return Promise.resolve(ready)
  return new Promise((resolve, reject) => {
    const onloadName = `__captchaReady${++callbackCount}`
    globals[onloadName] = () => {
      delete globals[onloadName]
      resolve(globals[GLOBAL_NAMES[provider]] as ExplicitRenderApi)
    }
    const script = document.createElement('script')
    script.src = thirdPartyScriptUrl(provider, onloadName)
    script.async = true
    script.onerror = () => reject(new Error(`The ${provider} script could not be loaded.`))
    document.head.append(script)
  })
}

type AltchaElement = HTMLElement & {
  verify: () => Promise<unknown>
  reset: () => void
}

/** Resolves when the proof-of-work widget next reaches an end state: solved, failed or expired. */
function verificationEnded(element: AltchaElement): Promise<void> {
  return new Promise((resolve) => {
    const onChange = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state
      if (state !== 'verified' && state !== 'error' && state !== 'expired') return
      element.removeEventListener('statechange', onChange)
      resolve()
    }
    element.addEventListener('statechange', onChange)
  })
}

function altchaWidget(container: HTMLElement): CaptchaWidget {
  let element: AltchaElement | null = null
  let payload: string | null = null
  // 'starting' until the widget's own first verification (auto on load) reports; then the widget's state.
  let state = 'starting'
  let loading: Promise<void> | null = null
  function draw() {
    element = document.createElement('altcha-widget') as unknown as AltchaElement
    element.setAttribute('challenge', CAPTCHA_CHALLENGE_ENDPOINT)
    element.setAttribute('name', CAPTCHA_FORM_FIELDS.altcha)
    element.setAttribute('auto', 'onload')
    element.addEventListener('statechange', (event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail
      state = detail?.state ?? state
      payload = detail?.state === 'verified' && detail.payload ? detail.payload : null
    })
    container.append(element)
  }
  const load = () =>
    (loading ??= import('altcha').then(draw, (error: unknown) => {
      // A chunk that failed (a deploy under an open tab, a network blip) may load on the next try.
      loading = null
      throw error
    }))
  return {
    load,
    response: async () => {
      await load()
      if (payload === null && element) {
        // A second verification beside a running one would abort it: join the running one instead.
        const ended = verificationEnded(element)
        if (state !== 'starting' && state !== 'verifying') void element.verify().catch(() => null)
        await ended
      }
      return payload
    },
    reset: () => {
      payload = null
      element?.reset()
      // Start solving the next challenge straight away, as on first load.
      void element?.verify().catch(() => null)
    },
  }
}

function thirdPartyWidget(
  container: HTMLElement,
  provider: keyof typeof THIRD_PARTY_CAPTCHA_SCRIPTS,
  siteKey: string,
): CaptchaWidget {
  let api: ExplicitRenderApi | null = null
  let widgetId: string | number | undefined
  let loading: Promise<void> | null = null
  const load = () =>
    (loading ??= loadThirdPartyApi(provider).then((loaded) => {
      api = loaded
      widgetId = loaded.render(container, { sitekey: siteKey })
    }))
  return {
    load,
    response: async () => {
      await load().catch(() => null)
      return api?.getResponse(widgetId) || null
    },
    reset: () => api?.reset(widgetId),
  }
}

/** The widget for a provider, drawn into `container` once loaded; null when nothing can be shown. */
export function createCaptchaWidget(container: HTMLElement, config: CaptchaConfig): CaptchaWidget | null {
  if (config.provider === 'altcha') return altchaWidget(container)
  if (!config.siteKey) return null
  return thirdPartyWidget(container, config.provider, config.siteKey)
}
