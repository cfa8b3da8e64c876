import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get, startStandInNext, stopStandInNext } from '../../../tests/support/standInNext'

beforeAll(startStandInNext)
afterAll(stopStandInNext)

describe('answers that are not pages', () => {
  it('passes everything that is not a page through untouched, status and headers included', async () => {
    const text = await get('/text')
    expect(text.body.toString()).toBe('plain words')
    expect(text.headers['content-security-policy']).toBeUndefined()
    const json = await get('/implicit-head')
    expect(json.status).toBe(201)
    expect(json.body.toString()).toBe('{"a":1}')
  })

  it('sends a small answer a route makes at once whole, with its length and uncompressed, not as headers, a chunk and an end', async () => {
    const small = await get('/route-answer', { 'accept-encoding': 'br, gzip' })
    expect(small.body.toString()).toBe('{"status":"alive"}')
    expect(small.headers['content-length']).toBe('18')
    expect(small.headers['transfer-encoding']).toBeUndefined()
    expect(small.headers['content-encoding']).toBeUndefined()
    // A larger one is still compressed.
    const large = await get('/route-large-answer', { 'accept-encoding': 'br, gzip' })
    expect(large.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(large.body).toString()).toContain('title search title search')
  })

  it('lets an answer written over time through as it comes, not when it ends', async () => {
    const response = await get('/route-answer-over-time')
    expect(response.body.toString()).toBe('["first","second"]')
    expect(response.firstChunkAt).toBeLessThan(250)
  })

  it('lets an event stream through as it is written, not when it ends', async () => {
    const response = await get('/stream')
    expect(response.body.toString()).toBe('data: one\n\ndata: two\n\n')
    expect(response.firstChunkAt).toBeLessThan(250)
  })

  it('adds HSTS when the visitor’s connection is https', async () => {
    expect((await get('/text', { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security']).toMatch(
      /max-age/,
    )
    expect((await get('/text')).headers['strict-transport-security']).toBeUndefined()
  })
})
