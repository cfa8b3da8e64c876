import { handleEndpoints, type Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { acceptSubmission } from '@/contact/server/submit'
import type { FormSubmission } from '@/payload-types'
import { createContactForm, validFields } from './contact'
import { serveOnLoopback } from './handlerServer'
import { setUpSuitePayload, type SuiteDatabase } from './payload'
import { startSmtpServer } from './smtp'

// Retries wait 1 ms * 2^n here instead of 30 s * 2^n.
process.env.CONTACT_DELIVERY_BACKOFF_MS = '1'

const PASSWORD = 'a-long-test-password'
export const ROLES = ['admin', 'editor', 'agent'] as const

/** The inbox suites' world: a Payload on SQLite, its REST API on loopback, an SMTP server, a token per role. */
export const inbox = {} as {
  payload: Payload
  url: string
  smtp: Awaited<ReturnType<typeof startSmtpServer>>
  tokens: Record<(typeof ROLES)[number], string>
}

/** Registers the inbox suite's set-up on SQLite, or on a temporary PostgreSQL when asked. */
export function setUpInboxSuite(database: SuiteDatabase = 'SQLite') {
  const site = setUpSuitePayload(database)
  let server: { url: string; close: () => Promise<void> }
  beforeAll(async () => {
    inbox.payload = site.payload
    server = await serveOnLoopback((request) =>
      handleEndpoints({ config: site.payload.config, request, payloadInstanceCacheKey: site.key }),
    )
    inbox.url = server.url
    inbox.smtp = await startSmtpServer()
    process.env.SMTP_URL = inbox.smtp.url
    await createContactForm(inbox.payload)
    inbox.tokens = {} as typeof inbox.tokens
    for (const role of ROLES) {
      const email = `${role}@example.com`
      await inbox.payload.create({ collection: 'users', data: { email, password: PASSWORD, roles: [role] } })
      const login = await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      inbox.tokens[role] = ((await login.json()) as { token: string }).token
    }
  })
  afterAll(async () => {
    await inbox.smtp?.close()
    delete process.env.SMTP_URL
    await server?.close()
  })
}

/** A REST call as the given role (or signed out). */
export function api(path: string, role: (typeof ROLES)[number] | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (role) headers.set('Authorization', `JWT ${inbox.tokens[role]}`)
  return fetch(`${inbox.url}${path}`, { ...init, headers })
}

/** Stores a contact message from `name` through the real submission path; spam when the honeypot is filled. */
export async function submitAs(name: string, { spam = false, overrides = {} as Record<string, string> } = {}) {
  const outcome = await acceptSubmission(inbox.payload, {
    formId: 115,
    pairs: validFields({ name, ...overrides }),
    honeypot: spam ? 'http://spam.example' : null,
    pageUrl: 'http://localhost:3000/contact',
    remoteIp: '127.0.0.1',
  })
  if (!outcome.ok) throw new Error(`not accepted: ${JSON.stringify(outcome)}`)
  return (await storedNamed(name)).id
}

export async function storedNamed(name: string): Promise<FormSubmission> {
  const { docs } = await inbox.payload.find({
    collection: 'form-submissions',
    where: { summary: { like: name } },
    depth: 0,
  })
  if (docs.length !== 1) throw new Error(`${docs.length} submissions named ${name}`)
  return docs[0] as FormSubmission
}

export const mailsMentioning = (marker: string) => inbox.smtp.received.filter((mail) => mail.raw.includes(marker))
