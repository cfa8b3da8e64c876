/**
 * The contract between the contact form in the browser and the contact endpoints on the server.
 * No dependencies: the browser bundle imports this file.
 */

/** The JSON endpoint; the no-JavaScript form posts to it too, form-encoded. */
export const CONTACT_ENDPOINT = '/api/contact'

/** Where the proof-of-work captcha widget fetches a fresh challenge. */
export const CAPTCHA_CHALLENGE_ENDPOINT = '/api/captcha/challenge'

/** Hidden input that people leave empty and form-filling robots do not. */
export const HONEYPOT_FIELD = 'website'

/** The site's contact form, form 115 as the specification names it: the chat's offline message and old-style posts without a form id use it. */
export const CONTACT_FORM_ID = 115

/** Hidden input of the no-JavaScript form naming the form document. */
export const FORM_ID_FIELD = 'formId'

/** The captcha providers a form can ask for: the self-hosted proof of work and three third parties. */
export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'turnstile', 'hcaptcha'] as const
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number]

/** Fields each captcha widget puts in a form-encoded post (the JSON body carries `captcha` instead). */
export const CAPTCHA_FORM_FIELDS = {
  altcha: 'altcha',
  recaptcha: 'g-recaptcha-response',
  turnstile: 'cf-turnstile-response',
  hcaptcha: 'h-captcha-response',
} as const satisfies Record<CaptchaProviderName, string>

/** Suffix of the fragment the no-JavaScript form returns to after a successful send (`#contact-form-115-sent`). */
export const SENT_FRAGMENT_SUFFIX = '-sent'

export type ContactField = { name: string; value: string | string[] }

export type ContactRequest = {
  formId: number | string
  fields: ContactField[]
  /** The captcha widget's answer: altcha payload or the third party's response token. */
  captcha?: string
  /** The page the form was sent from; the server falls back to the Referer header. */
  pageUrl?: string
  /** The honeypot's content, sent only when something filled it. */
  [HONEYPOT_FIELD]?: string
}

/** What the form does after a successful send: go to the thank-you page, or show the note (neither: nothing more). */
export type SentFollowUp = {
  /** A path on this site. */
  thankYouPage?: string
  /** Plain text, with the send time filled in. */
  note?: string
}

/** `error` is plain text for people, except the fixed word "captcha" for a failed captcha. */
export type ContactResponse =
  ({ ok: true } & SentFollowUp) | { ok: false; error: string; fieldErrors?: Record<string, string> }

export const CAPTCHA_ERROR = 'captcha'
