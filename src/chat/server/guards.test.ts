import { describe, expect, it } from 'vitest'
import { ChatRequestError, readJsonBody } from './guards'

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
