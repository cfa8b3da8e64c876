import type { Payload } from 'payload'
import { CONTACT_FORM_ID, SEED_FORMS } from '@/setup/seed/content/forms'
import { CSRF_COOKIE, CSRF_HEADER } from '@/security/csrfProtocol'
import { issueCsrfToken } from '@/security/csrf'

export const SITE = 'http://localhost:3000'
/** The seeded form's note after a send, its time in the business's zone ("Sent at 3:45 PM EST. …"). */
export const SENT_NOTE_PATTERN = /^Sent at \d{1,2}:\d{2} [AP]M E[SD]T\. We answer within one business day\.$/
export const RECIPIENT = 'orders@cardinaltitle.example'

/** The seeded contact form (id 115) and the recipients, without the rest of the seed. */
export async function createContactForm(payload: Payload, { captcha = false, sendConfirmation = false } = {}) {
  const data = SEED_FORMS.find((form) => form.key === 'contact')!.data
  await payload.create({ collection: 'forms', data: { ...data, captcha, sendConfirmation } as never })
  await payload.updateGlobal({
    slug: 'site-settings',
    data: {
      business: { name: 'Cardinal Title Research', state: 'Ohio' },
      contact: { recipients: [{ email: RECIPIENT }], fromAddress: 'website@cardinaltitle.example' },
    },
  })
  return CONTACT_FORM_ID
}

export const validFields = (overrides: Record<string, string | string[]> = {}) => {
  const values: Record<string, string | string[]> = {
    name: 'Ada Buckeye',
    email: 'ada@example.com',
    phone: '(614) 555-0100',
    county: 'franklin',
    service: 'full-title-search',
    properties: ['residential', 'land'],
    contactPreference: 'email',
    message: 'Parcel 010-123456 on Main Street, Columbus. We need a 40-year search by Friday, please.',
    consent: 'on',
    ...overrides,
  }
  return Object.entries(values).map(([name, value]) => ({ name, value }))
}

let address = 0
/** A new client address per call, so rate limits of one test do not touch another. */
export const freshIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`

export async function csrfPair() {
  const token = await issueCsrfToken(process.env.PAYLOAD_SECRET!)
  return { token, cookie: `${CSRF_COOKIE}=${token}` }
}

type PostOptions = {
  ip?: string
  headers?: Record<string, string>
  csrf?: { token: string; cookie: string } | null
  path?: string
  /** Headers a non-browser client would not send at all. */
  without?: string[]
}

function withoutHeaders(request: Request, names: string[] = []): Request {
  for (const name of names) request.headers.delete(name)
  return request
}

/** A JSON post as the site's script makes it: same origin, CSRF header and cookie. */
export async function jsonPost(body: unknown, options: PostOptions = {}) {
  const csrf = options.csrf === undefined ? await csrfPair() : options.csrf
  const request = new Request(`${SITE}${options.path ?? '/api/contact'}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: SITE,
      'Sec-Fetch-Site': 'same-origin',
      'X-Forwarded-For': options.ip ?? freshIp(),
      ...(csrf ? { Cookie: csrf.cookie, [CSRF_HEADER]: csrf.token } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return withoutHeaders(request, options.without)
}

/** A form-encoded post as a browser makes it (the no-JS form, or the legacy script). */
export async function formPost(params: URLSearchParams | string, options: PostOptions & { tokenField?: string } = {}) {
  const csrf = options.csrf === undefined ? await csrfPair() : options.csrf
  const body = new URLSearchParams(params)
  if (csrf && options.tokenField) body.set(options.tokenField, csrf.token)
  const request = new Request(`${SITE}${options.path ?? '/api/contact'}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE,
      'Sec-Fetch-Site': 'same-origin',
      Referer: `${SITE}/contact`,
      'X-Forwarded-For': options.ip ?? freshIp(),
      ...(csrf ? { Cookie: csrf.cookie } : {}),
      ...options.headers,
    },
    body: body.toString(),
  })
  return withoutHeaders(request, options.without)
}
