import { describe, expect, it } from 'vitest'
import { ChatRequestError } from '../errors'
import { originAllowed, readJsonBody } from './guards'

const LIMIT = 64

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request('http://site.test/api/chat/visitor', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit)
}

/** A body streamed in chunks with no Content-Length, as a client that hides its size sends it. */
function streamed(chunks: string[]) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function refusal(request: Request) {
  const error = await readJsonBody(request, LIMIT).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ChatRequestError)
  const { status, message } = error as ChatRequestError
  return { status, message }
}

describe('reading a chat request body', () => {
  it('returns the JSON object a request carries', async () => {
    expect(await readJsonBody(post(JSON.stringify({ action: 'typing', typing: true })), LIMIT)).toEqual({
      action: 'typing',
      typing: true,
    })
  })

  it('refuses a body that declares more than the limit with 413, before reading it', async () => {
    expect(await refusal(post('{}', { 'content-length': String(LIMIT + 1) }))).toEqual({
      status: 413,
      message: 'The message is too large.',
    })
  })

  it('refuses a streamed body that grows past the limit with 413', async () => {
    const chunk = `"${'x'.repeat(30)}",`
    expect(await refusal(post(streamed(['[', chunk, chunk, chunk, '0]'])))).toEqual({
      status: 413,
      message: 'The message is too large.',
    })
  })

  it('answers 400 to a request without a body, to malformed JSON and to JSON that is not an object', async () => {
    expect(await refusal(post(null))).toEqual({ status: 400, message: 'The request has no body.' })
    expect(await refusal(post('{not json'))).toEqual({ status: 400, message: 'The request is not valid JSON.' })
    expect(await refusal(post('[1,2]'))).toEqual({ status: 400, message: 'The request must be a JSON object.' })
    expect(await refusal(post('null'))).toEqual({ status: 400, message: 'The request must be a JSON object.' })
  })
})

describe('where a chat request may come from', () => {
  const ALLOWED = ['partner.example']
  const from = (entries: Record<string, string>) =>
    originAllowed(
      new Request('http://site.test/api/chat/visitor', { headers: { host: 'site.test', ...entries } }),
      ALLOWED,
    )

  it('lets in the site itself, by its host, the host the front forwarded, or the browser’s word', () => {
    expect(from({ origin: 'http://site.test' })).toBe(true)
    expect(
      from({ origin: 'https://www.site.test', 'x-forwarded-host': 'www.site.test', 'x-forwarded-proto': 'https' }),
    ).toBe(true)
    expect(from({ 'sec-fetch-site': 'same-origin' })).toBe(true)
  })

  it('lets in a page on an allowed domain that embeds the chat', () => {
    expect(from({ origin: 'https://partner.example', 'sec-fetch-site': 'cross-site' })).toBe(true)
    expect(from({ origin: 'https://shop.partner.example', 'sec-fetch-site': 'cross-site' })).toBe(true)
  })

  it('refuses other sites, a sibling subdomain the browser calls same-site, and a malformed Origin', () => {
    expect(from({ origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' })).toBe(false)
    expect(from({ 'sec-fetch-site': 'same-site' })).toBe(false)
    expect(from({ 'sec-fetch-site': 'cross-site' })).toBe(false)
    expect(from({ origin: 'not a url' })).toBe(false)
  })

  it('lets in a script outside a browser, which names no origin (its own limits hold it)', () => {
    expect(from({})).toBe(true)
  })
})
