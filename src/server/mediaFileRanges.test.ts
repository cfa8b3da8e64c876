// Byte ranges of a media file as the site's own server answers them: one range 206, past the end
// 416, anything else the whole file, HEAD, conditions, and no ranges of a type it compresses.
import { describe, expect, it } from 'vitest'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { CLIP, MODIFIED, request, setUpMediaServer, SVG, VIDEO } from '../../tests/support/mediaServer'

setUpMediaServer()

describe('a media file answered by the site’s server', () => {
  it('answers one byte range 206 with its Content-Range and length, the validators and caching as for the whole file', async () => {
    const whole = await request(CLIP)
    expect(whole.status).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=39000-', 39_000, 39_999],
      ['bytes=-10', 39_990, 39_999],
      ['bytes=100-999999', 100, 39_999],
    ] as const) {
      const answer = await request(CLIP, { Range: range })
      expect(answer.status, range).toBe(206)
      expect(answer.headers['content-range'], range).toBe(`bytes ${start}-${end}/${VIDEO.length}`)
      expect(answer.headers['content-length'], range).toBe(String(end - start + 1))
      expect(answer.body.equals(VIDEO.subarray(start, end + 1)), range).toBe(true)
      expect(answer.headers['content-type']).toBe('video/mp4')
      expect(answer.headers['accept-ranges']).toBe('bytes')
      expect(answer.headers.etag).toBe(whole.headers.etag)
      expect(answer.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL.versioned)
    }
  })

  it('answers a range past the end 416 with the size in Content-Range and none of the file', async () => {
    for (const range of [`bytes=${VIDEO.length}-`, 'bytes=-0', `bytes=${'9'.repeat(30)}-`]) {
      const answer = await request(CLIP, { Range: range })
      expect(answer.status, range).toBe(416)
      expect(answer.headers['content-range']).toBe(`bytes */${VIDEO.length}`)
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.body.includes(VIDEO.subarray(0, 16))).toBe(false)
    }
  })

  it('sends the whole file, 200, for several ranges, a malformed Range, or an If-Range naming another version', async () => {
    const { headers } = await request(CLIP)
    const asks: Record<string, string>[] = [
      { Range: 'bytes=0-1,10-20' },
      { Range: 'bytes=5-2' },
      { Range: 'bytes=-' },
      { Range: 'pages=1-2' },
      { Range: `bytes=${'0'.repeat(10 * 1024)}-9` },
      { Range: 'bytes=0-9', 'If-Range': '"another-version"' },
      { Range: 'bytes=0-9', 'If-Range': `W/${headers.etag}` },
      { Range: 'bytes=0-9', 'If-Range': new Date(MODIFIED.getTime() - 1000).toUTCString() },
    ]
    for (const asked of asks) {
      const answer = await request(CLIP, asked)
      expect(answer.status, JSON.stringify(asked).slice(0, 60)).toBe(200)
      expect(answer.body.equals(VIDEO)).toBe(true)
    }
    for (const ifRange of [headers.etag!, headers['last-modified']!])
      expect((await request(CLIP, { Range: 'bytes=0-9', 'If-Range': ifRange })).status, ifRange).toBe(206)
  })

  it('answers HEAD with a Range with the 206 headers and no body, and 304 before any range', async () => {
    const head = await request(CLIP, { Range: 'bytes=10-19' }, 'HEAD')
    expect(head.status).toBe(206)
    expect(head.headers['content-range']).toBe(`bytes 10-19/${VIDEO.length}`)
    expect(head.headers['content-length']).toBe('10')
    expect(head.body.length).toBe(0)
    const current = await request(CLIP, { Range: 'bytes=10-19', 'If-None-Match': head.headers.etag! })
    expect(current.status).toBe(304)
  })

  it('sends a compressed type (SVG) whole, offering no ranges, as its bytes sent are not the file’s', async () => {
    const answer = await request('/api/media/file/logo.svg', { Range: 'bytes=0-9' })
    expect(answer.status).toBe(200)
    expect(answer.headers['accept-ranges']).toBe('none')
    expect(answer.body.toString()).toBe(SVG)
  })
})
