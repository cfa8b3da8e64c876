import { readLimitedText } from '@/security/request'

/** Largest contact request body read; a message field's 5000 characters fit many times over. */
export const CONTACT_BODY_LIMIT_BYTES = 64 * 1024

export type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; params: URLSearchParams }
  | { kind: 'error'; status: 400 | 413 | 415; message: string }

export const BODY_MESSAGES = {
  tooLarge: 'The message is too large to send.',
  malformed: 'The request could not be read.',
  contentType: 'Please send the form as JSON or as a web form.',
} as const

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
}

/** JSON or form-encoded body, limited in size; anything else is refused before it is read. */
export async function readContactBody(
  request: Request,
  accept: ReadonlyArray<'json' | 'form'>,
  limit = CONTACT_BODY_LIMIT_BYTES,
): Promise<ParsedBody> {
  const type = mediaType(request)
  const kind = type === 'application/json' ? 'json' : type === 'application/x-www-form-urlencoded' ? 'form' : null
  if (!kind || !accept.includes(kind)) return { kind: 'error', status: 415, message: BODY_MESSAGES.contentType }
  let text: string | null
  try {
    text = await readLimitedText(request, limit)
  } catch {
    return { kind: 'error', status: 400, message: BODY_MESSAGES.malformed }
  }
  if (text === null) return { kind: 'error', status: 413, message: BODY_MESSAGES.tooLarge }
  if (kind === 'form') return { kind, params: new URLSearchParams(text) }
  try {
    return { kind, value: JSON.parse(text) as unknown }
  } catch {
    return { kind: 'error', status: 400, message: BODY_MESSAGES.malformed }
  }
}
