// A server's site as its visitors and its admin use it, from the host, straight to one of its
// instances (the container shares the host's network): what they leave behind for a backup to keep,
// and what a site restored elsewhere must show again.
import { createHash } from 'node:crypto'
import { solveChallenge } from 'altcha-lib/v1'
import sharp from 'sharp'
import { completeContactFields } from '../../../bench/lib/contactFields.mjs'
import { CHAT_VISITOR_COOKIE } from '../../../src/chat/constants'
import { CAPTCHA_CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, CONTACT_FORM_ID } from '../../../src/contact/protocol'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../../src/security/csrfProtocol'

/** Longest wait for one answer of an instance. */
const ANSWER_MS = 15_000
/** What the walk leaves in each part of the site, found again by these marks. */
export const MARKS = {
  page: { title: 'Liens', slug: 'liens' },
  upload: 'parcel-map.png',
  submission: 'Parcel 77-BACKUP on Elm Street',
  chat: 'Is the lien on parcel 77 released?',
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The first admin's email and password, from the file install's first start wrote (`email:` and `password:` lines). */
export function firstAdminFrom(text: string) {
  const value = (name: string) => new RegExp(`^${name}:\\s*(\\S+)$`, 'm').exec(text)?.[1]
  const [email, password] = [value('email'), value('password')]
  if (!email || !password) throw new Error('the first admin file names no email and password')
  return { email, password }
}

/** The site of the instance at `origin`, as the public address `siteUrl` (its SERVER_URL) serves it. */
export function siteOverHttp(origin: string, siteUrl: string) {
  const ask = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_MS) })
  const asJson = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`)
    return response.json()
  }

  async function signIn(credentials: { email: string; password: string }) {
    const response = await ask('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    })
    return { status: response.status, token: response.ok ? ((await response.json()).token as string) : null }
  }

  /** What a visitor sends: the form's token, a solved proof of work, every field the form requires. */
  async function sendContact() {
    const csrf = await ask(CSRF_ENDPOINT)
    const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0])
    const { token } = await asJson(csrf, 'the form token')
    const challenge = await asJson(await ask(CAPTCHA_CHALLENGE_ENDPOINT), 'the captcha challenge')
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise
    const { algorithm, salt, signature } = challenge
    const captcha = Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution!.number, salt, signature }),
    ).toString('base64')
    const fields = completeContactFields('Fay Morrow', {
      email: 'fay@example.com',
      service: 'tax-search',
      message: `${MARKS.submission}: we need a 40-year search by Friday, please.`,
    })
    const response = await ask(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: siteUrl, [CSRF_HEADER]: token, cookie: cookie.join('; ') },
      body: JSON.stringify({ formId: CONTACT_FORM_ID, fields, captcha }),
    })
    return asJson(response, 'the contact post')
  }

  /** A visitor's first chat message: the event stream hands out the visitor's cookie, the message carries it. */
  async function sendChat() {
    const controller = new AbortController()
    const stream = await fetch(`${origin}/api/chat/stream?page=/`, { signal: controller.signal })
    const cookie = stream.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith(`${CHAT_VISITOR_COOKIE}=`))
    controller.abort()
    if (!cookie) throw new Error('the chat stream gave no visitor cookie')
    const response = await ask('/api/chat/visitor', {
      method: 'POST',
      headers: { cookie, Origin: siteUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'message', text: MARKS.chat }),
    })
    return asJson(response, 'the chat message')
  }

  /** What an editor does: a published page and an uploaded image; returns the image's bytes. */
  async function publishPageAndUpload(token: string) {
    const auth = { Authorization: `JWT ${token}` }
    await asJson(
      await ask('/api/pages', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...MARKS.page,
          layout: [{ blockType: 'hero', heading: MARKS.page.title }],
          _status: 'published',
        }),
      }),
      'the page',
    )
    const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), MARKS.upload)
    form.append('_payload', JSON.stringify({ alt: 'A parcel map' }))
    await asJson(await ask('/api/media', { method: 'POST', headers: auth, body: form }), 'the upload')
    return image
  }

  /** What the site shows of the walk's marks: the page, the upload's bytes, and in its admin the submission and the chat. */
  async function marksFound(token: string) {
    const auth = { Authorization: `JWT ${token}` }
    const where = (field: string, value: string) => `where[${field}][like]=${encodeURIComponent(value)}&depth=0`
    const page = await ask(`/${MARKS.page.slug}`)
    const upload = await ask(`/api/media/file/${MARKS.upload}`)
    const submissions = await asJson(
      await ask(`/api/form-submissions?${where('data.value', MARKS.submission)}`, { headers: auth }),
      'the submissions',
    )
    const chat = await asJson(
      await ask(`/api/chat-events?${where('text', MARKS.chat)}`, { headers: auth }),
      'the chat events',
    )
    return {
      page: page.status,
      uploadSha256: upload.ok ? sha256(Buffer.from(await upload.arrayBuffer())) : `status ${upload.status}`,
      submissions: submissions.totalDocs as number,
      chatMessages: chat.totalDocs as number,
    }
  }

  return { signIn, sendContact, sendChat, publishPageAndUpload, marksFound }
}
