import type { ThirdPartySources } from '@/security/thirdPartySources'

/** What each captcha provider's widget needs: its script, the scripts it loads, its frames. */
export const CAPTCHA_SOURCES: Record<string, Partial<ThirdPartySources>> = {
  recaptcha: {
    script: ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'],
    frame: ['https://www.google.com', 'https://www.recaptcha.net'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
}

/** The hosts the chosen captcha provider's widget needs (none for the built-in proof of work). */
export const captchaCspSources = (provider: string | null | undefined): Partial<ThirdPartySources> =>
  CAPTCHA_SOURCES[provider ?? ''] ?? {}
