// A server's site as its visitors and its admin use it, from the host, straight to one of its
// instances (the container shares the host's network): what they leave behind for a backup to keep,
// and what a site restored elsewhere must show again.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { solveChallenge } from 'altcha-lib/v1'
import sharp from 'sharp'
import { completeContactFields } from '../../../bench/lib/contactFields.mjs'
import { CHAT_VISITOR_COOKIE } from '../../../src/chat/constants'
import { CAPTCHA_CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, CONTACT_FORM_ID } from '../../../src/contact/protocol'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../../src/security/csrfProtocol'
import type { Container } from './container'

/** Where install's first start writes the first admin's email and password, inside the server. */
const FIRST_ADMIN_FILE = 'var/lib/site/first-admin.txt'
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

/** The first admin of the site a server's install started (its /var/lib/site/first-admin.txt). */
export const firstAdminOf = (container: Container) =>
  firstAdminFrom(fs.readFileSync(path.join(container.rootfs, FIRST_ADMIN_FILE), 'utf8'))

/** The site of the instance at `origin`, as the public address `siteUrl` (its SERVER_URL) serves it. */
export function siteOverHttp(origin: string, siteUrl: string) {
  const ask = (address: string, init: RequestInit = {}) =>
    fetch(`${origin}${address}`, { ...init, signal: AbortSignal.timeout(ANSWER_MS) })
  /** A REST list's query: `field` holding every word of `value`. */
  const where = (field: string, value: string) => `where[${field}][like]=${encodeURIComponent(value)}&depth=0`
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

  /**
   * A visitor's chat stream, as the widget opens it on a page: the visitor cookie it hands out, and
   * the stream itself, open until it is read to its end or `signal` aborts it.
   */
  async function visitorStream(signal: AbortSignal) {
    const stream = await fetch(`${origin}/api/chat/stream?page=/`, { signal })
    const cookie = stream.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith(`${CHAT_VISITOR_COOKIE}=`))
    if (!cookie) throw new Error('the chat stream gave no visitor cookie')
    return { cookie, stream }
  }

  /** A visitor's chat message, carrying the cookie their stream handed out. */
  async function visitorSays(cookie: string, text: string) {
    const response = await ask('/api/chat/visitor', {
      method: 'POST',
      headers: { cookie, Origin: siteUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'message', text }),
    })
    return asJson(response, 'the chat message')
  }

  /** A visitor's first chat message: the event stream hands out the visitor's cookie, the message carries it. */
  async function sendChat() {
    const controller = new AbortController()
    const { cookie } = await visitorStream(controller.signal)
    controller.abort()
    return visitorSays(cookie, MARKS.chat)
  }

  /** The agent console's stream (every open chat's events), for a signed-in agent or admin. */
  const agentStream = (token: string, signal: AbortSignal) =>
    fetch(`${origin}/api/chat/agent/stream`, { headers: { Authorization: `JWT ${token}` }, signal })

  /** An agent's message in a chat, as the console sends it. */
  async function agentSays(token: string, conversationId: number, text: string) {
    const response = await ask('/api/chat/agent', {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, Origin: siteUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'message', conversationId, text }),
    })
    return asJson(response, "the agent's message")
  }

  /** An editor's page with a hero heading, published at once: its id. */
  async function publishPage(token: string, page: { title: string; slug: string; heading: string }) {
    const response = await ask('/api/pages', {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: page.title,
        slug: page.slug,
        layout: [{ blockType: 'hero', heading: page.heading }],
        _status: 'published',
      }),
    })
    return (await asJson(response, `the page ${page.slug}`)).doc.id as number
  }

  /** A published page's hero heading changed, and the change published. */
  async function publishHeading(token: string, id: number, heading: string) {
    const response = await ask(`/api/pages/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ layout: [{ blockType: 'hero', heading }], _status: 'published' }),
    })
    await asJson(response, `the page ${id}`)
  }

  /** What a visitor reads at `address`: the page's HTML when it answers 200, else its status; waits at most `ms`. */
  async function pageText(address: string, ms = ANSWER_MS) {
    const response = await fetch(`${origin}${address}`, { signal: AbortSignal.timeout(ms) })
    return response.ok ? response.text() : `status ${response.status}`
  }

  /** An editor's image upload named `name`; returns the image's bytes. */
  async function uploadImage(token: string, name: string) {
    const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), name)
    form.append('_payload', JSON.stringify({ alt: 'A parcel map' }))
    const auth = { Authorization: `JWT ${token}` }
    await asJson(await ask('/api/media', { method: 'POST', headers: auth, body: form }), 'the upload')
    return image
  }

  /** The sha256 of the upload named `name` as the site serves it, or its status when it does not. */
  async function uploadSha256(name: string) {
    const upload = await ask(`/api/media/file/${name}`)
    return upload.ok ? sha256(Buffer.from(await upload.arrayBuffer())) : `status ${upload.status}`
  }

  /** What an editor does: a published page and an uploaded image; returns the image's bytes. */
  async function publishPageAndUpload(token: string) {
    await publishPage(token, { ...MARKS.page, heading: MARKS.page.title })
    return uploadImage(token, MARKS.upload)
  }

  /** The text of every chat message holding `words`, as an admin lists them. */
  async function chatTexts(token: string, words: string) {
    const found = await asJson(
      await ask(`/api/chat-events?${where('text', words)}&limit=0`, {
        headers: { Authorization: `JWT ${token}` },
      }),
      'the chat events',
    )
    return (found.docs as { text: string }[]).map((event) => event.text)
  }

  /** What the site shows of the walk's marks: the page, the upload's bytes, and in its admin the submission and the chat. */
  async function marksFound(token: string) {
    const auth = { Authorization: `JWT ${token}` }
    const page = await ask(`/${MARKS.page.slug}`)
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
      uploadSha256: await uploadSha256(MARKS.upload),
      submissions: submissions.totalDocs as number,
      chatMessages: chat.totalDocs as number,
    }
  }

  return {
    signIn,
    sendContact,
    sendChat,
    visitorStream,
    visitorSays,
    agentStream,
    agentSays,
    publishPage,
    publishHeading,
    pageText,
    publishPageAndUpload,
    uploadImage,
    uploadSha256,
    marksFound,
    chatTexts,
  }
}
