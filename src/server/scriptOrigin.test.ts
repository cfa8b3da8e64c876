import { describe, expect, it } from 'vitest'
import { SCRIPT_MARK_LENGTH, SENT_NONCE, scriptMarkFor } from '@/security/scriptMark'
import { markedScriptHashes, scriptHash } from './inlineScripts'
import { MarkRemover, markRenderRequest, withoutMark } from './scriptOrigin'

const MARK = scriptMarkFor('secret-one', 'build-1')

describe('the mark of the scripts the site writes', () => {
  it('is the same for one build and secret, new with another build or secret, and a valid nonce', () => {
    expect(scriptMarkFor('secret-one', 'build-1')).toBe(MARK)
    expect(scriptMarkFor('secret-one', 'build-2')).not.toBe(MARK)
    expect(scriptMarkFor('secret-two', 'build-1')).not.toBe(MARK)
    expect(MARK).toMatch(new RegExp(`^[A-Za-z0-9]{${SCRIPT_MARK_LENGTH}}$`))
    expect(SENT_NONCE).toHaveLength(MARK.length)
  })

  it('is what the render is asked to use, replacing any policy the client sent', () => {
    const headers = {
      'content-security-policy': "script-src 'nonce-fromTheClient'",
      'content-security-policy-report-only': "script-src 'nonce-fromTheClient'",
    }
    markRenderRequest(headers, MARK)
    expect(headers).toEqual({ 'content-security-policy': `script-src 'nonce-${MARK}'` })
  })

  it('allows only marked scripts, hashed as sent', () => {
    const html =
      `<script nonce="${MARK}">a("${MARK}")</script><script>b()</script>` +
      `<script nonce="${SENT_NONCE}">c()</script><script nonce="${MARK}" type="application/ld+json">{}</script>`
    expect(markedScriptHashes(html, MARK)).toEqual([scriptHash(`a("${SENT_NONCE}")`)])
  })
})

describe('replacing the mark in what is sent', () => {
  it('replaces every mark in a body, byte for byte the same length', () => {
    const body = Buffer.from(`é<script nonce="${MARK}">x</script>{"nonce":"${MARK}"}`)
    const sent = withoutMark(body, MARK)
    expect(sent.toString()).toBe(`é<script nonce="${SENT_NONCE}">x</script>{"nonce":"${SENT_NONCE}"}`)
    expect(sent.length).toBe(body.length)
  })

  it('replaces a mark split across chunks at every possible cut, holding back only a possible start', () => {
    const text = `a{"nonce":"${MARK}"}b${MARK.slice(0, 5)}c`
    for (let cut = 0; cut <= text.length; cut++) {
      const remover = new MarkRemover(MARK)
      const parts = [remover.take(Buffer.from(text.slice(0, cut))), remover.take(Buffer.from(text.slice(cut)))]
      const sent = Buffer.concat([...parts, remover.finish()]).toString()
      expect(sent).toBe(text.replace(MARK, SENT_NONCE))
    }
    const remover = new MarkRemover(MARK)
    expect(remover.take(Buffer.from('no mark here')).toString()).toBe('no mark here')
    expect(remover.finish().length).toBe(0)
  })
})
