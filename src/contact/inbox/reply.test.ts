import { describe, expect, it } from 'vitest'
import type { Form } from '@/payload-types'
import { REPLY_QUOTE_LIMIT, replyLink } from './reply'

const form = {
  title: 'Order a title search',
  fields: [
    { blockType: 'text', name: 'name', label: 'Your name' },
    { blockType: 'email', name: 'email', label: 'Email' },
    { blockType: 'textarea', name: 'message', label: 'Message' },
  ],
} as unknown as Pick<Form, 'fields' | 'title'>

const submission = (email: string, message = 'Two parcels in Adams County.\nBy Friday?') => ({
  createdAt: '2026-11-25T20:45:26.945Z',
  data: [
    { name: 'name', value: 'Ada Lane' },
    { name: 'email', value: email },
    { name: 'message', value: message },
  ],
})

const parts = (link: string) => {
  const url = new URL(link)
  return { to: decodeURIComponent(url.pathname), params: url.searchParams, raw: link }
}

describe('the inbox reply link', () => {
  it('writes to the visitor with "Re:" and the form title, quoting what they wrote', () => {
    const { to, params } = parts(replyLink(form, submission('ada@example.com'))!)
    expect(to).toBe('ada@example.com')
    expect(params.get('subject')).toBe('Re: Order a title search')
    const body = params.get('body')!
    expect(body).toContain('> Your name: Ada Lane')
    expect(body).toContain('> Message: Two parcels in Adams County.\n> By Friday?')
  })

  it("dates the quote in the business's time zone, not UTC", () => {
    const body = parts(replyLink(form, submission('ada@example.com'))!).params.get('body')!
    // 20:45 UTC on 25 November is 3:45 pm in Ohio.
    expect(body).toContain('On Nov 25, 2026, 3:45 PM you wrote:')
  })

  it('encodes spaces as %20 (mail programs show a + as it is)', () => {
    const link = replyLink(form, submission('ada@example.com'))!
    expect(link).not.toContain('+')
    expect(link).toContain('Re%3A%20Order%20a%20title%20search')
  })

  it('keeps an address that carries a query inside the one mailbox: no bcc or subject slips in', () => {
    const link = replyLink(form, submission('ada?bcc=evil@example.com'))!
    const { to, params } = parts(link)
    expect(params.get('bcc')).toBeNull()
    expect(to).toBe('ada?bcc=evil@example.com')
  })

  it('cuts a long message so the link stays within what mail programs accept', () => {
    const body = parts(replyLink(form, submission('ada@example.com', 'x'.repeat(10_000)))!).params.get('body')!
    expect(body.length).toBeLessThan(REPLY_QUOTE_LIMIT + 200)
    expect(body).toContain('…')
  })

  it('offers no reply when the visitor gave no usable address', () => {
    expect(replyLink(form, submission(''))).toBeNull()
    expect(replyLink(form, submission('not an address'))).toBeNull()
  })
})
