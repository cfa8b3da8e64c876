import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, inlineScripts, scriptHash } from './inlineScripts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inline scripts of a page', () => {
  it('finds every script the browser runs inline, in order, and nothing else', () => {
    const html = [
      '<html><head><script>document.documentElement.classList.add("js")</script>',
      '<script src="/_next/static/chunks/main.js" async></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<SCRIPT type="module">import("/x.js")</SCRIPT>',
      '</head><body><script nonce="" id="a">self.__next_f.push([1,"a>b"])</script>',
      '<script type="text/javascript" data-x=\'1>2\'>var y = "</scrip" + "t>"</script></body></html>',
    ].join('')
    expect(inlineScripts(html)).toEqual([
      'document.documentElement.classList.add("js")',
      'import("/x.js")',
      'self.__next_f.push([1,"a>b"])',
      'var y = "</scrip" + "t>"',
    ])
  })

  it('hashes a script as the browser does: exact text, line breaks folded to LF', () => {
    expect(scriptHash('alert(1)')).toBe(sha('alert(1)'))
    expect(scriptHash('a()\r\nb()\rc()')).toBe(sha('a()\nb()\nc()'))
  })

  it('lists each distinct script once', () => {
    expect(inlineScriptHashes('<script>x()</script><script>x()</script><script>y()</script>')).toEqual([
      sha('x()'),
      sha('y()'),
    ])
  })

  it('takes a script left open at the end of the page to the end', () => {
    expect(inlineScripts('<p>a</p><script>tail()')).toEqual(['tail()'])
  })

  it('reads no script in an element name that only starts like one', () => {
    expect(inlineScripts('<scripted>no()</scripted><p>&lt;script&gt;no()</p>')).toEqual([])
  })
})
