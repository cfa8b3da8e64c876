import type { IncomingHttpHeaders } from 'node:http'
import { SENT_NONCE } from '@/security/scriptMark'

/**
 * The render of every request runs with the mark as its script nonce: Next reads it from this
 * request header (whatever a client sent there is replaced) and puts it on each script it writes.
 */
export function markRenderRequest(headers: IncomingHttpHeaders, mark: string): void {
  headers['content-security-policy'] = `script-src 'nonce-${mark}'`
  delete headers['content-security-policy-report-only']
}

/** A body with every mark replaced: byte for byte the same length, the secret gone. */
export function withoutMark(body: Buffer, mark: string): Buffer {
  if (body.indexOf(mark) === -1) return body
  return Buffer.from(body.toString('latin1').replaceAll(mark, SENT_NONCE), 'latin1')
}

/**
 * Replaces the mark in a body that is sent as it comes (Next's data for the router, a server
 * action's answer), a mark split across two chunks included: only the end of a chunk that may
 * begin a mark is held back until the next one.
 */
export class MarkRemover {
  private held: Buffer = Buffer.alloc(0)

  constructor(private readonly mark: string) {}

  /** What of `chunk` (after what was held) can be sent now. */
  take(chunk: Buffer): Buffer {
    const joined = withoutMark(this.held.length ? Buffer.concat([this.held, chunk]) : chunk, this.mark)
    const keep = this.partialMarkAtEnd(joined)
    this.held = Buffer.from(joined.subarray(joined.length - keep))
    return joined.subarray(0, joined.length - keep)
  }

  /** The rest, at the end of the body. */
  finish(): Buffer {
    const rest = this.held
    this.held = Buffer.alloc(0)
    return rest
  }

  /** How many bytes at the end of `body` are the start of a mark. */
  private partialMarkAtEnd(body: Buffer): number {
    for (let length = Math.min(this.mark.length - 1, body.length); length > 0; length--)
      if (body.subarray(body.length - length).toString('latin1') === this.mark.slice(0, length)) return length
    return 0
  }
}
