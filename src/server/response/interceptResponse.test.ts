import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../../tests/support/handlerServer'
import { type BodyPlan, interceptResponse } from './interceptResponse'

/** How the test's writer answers, and the plan its transform makes, set by each test. */
let writer: (res: ServerResponse) => void = () => {}
let planFor: () => BodyPlan = () => ({ kind: 'stream', rewrite: null, flushHead: false, coalesce: false })
let plans = 0

let origin: string
let close: () => Promise<void>

beforeAll(async () => {
  ;({ url: origin, close } = await listenOnLoopback((_req, res) => {
    interceptResponse(res, {
      status: (asked) => (asked === 308 ? 301 : asked),
      plan: () => {
        plans++
        return planFor()
      },
    })
    writer(res)
  }))
})
afterAll(() => close())

describe('a response routed through a transform', () => {
  it('plans once, when the head is final, and sends the status the transform gives', async () => {
    plans = 0
    writer = (res) => {
      res.writeHead(308, { Location: '/new' })
      res.write('a')
      res.end('b')
    }
    const response = await fetch(origin, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(await response.text()).toBe('ab')
    expect(plans).toBe(1)
  })

  it('holds a whole body until it ends and sends what the transform finishes it into', async () => {
    planFor = () => ({ kind: 'whole', finish: async (body) => Buffer.from(body.toString().toUpperCase()) })
    writer = (res) => {
      res.setHeader('Content-Type', 'text/plain')
      res.write('first ')
      setImmediate(() => res.end('last'))
    }
    const response = await fetch(origin)
    expect(await response.text()).toBe('FIRST LAST')
  })

  it('rewrites a streamed body piece by piece, then its end', async () => {
    planFor = () => ({
      kind: 'stream',
      rewrite: { take: (bytes) => Buffer.from(bytes.toString().replaceAll('x', 'y')), finish: () => Buffer.from('!') },
      flushHead: false,
      coalesce: false,
    })
    writer = (res) => {
      res.write('xa')
      res.end('bx')
    }
    expect(await (await fetch(origin)).text()).toBe('yaby!')
  })

  it('sends what a writer makes in one turn as one answer with its length', async () => {
    planFor = () => ({ kind: 'stream', rewrite: null, flushHead: false, coalesce: true })
    writer = (res) => {
      res.flushHeaders()
      res.write('{"a":')
      queueMicrotask(() => res.end('1}'))
    }
    const response = await fetch(origin)
    expect(response.headers.get('content-length')).toBe('7')
    expect(await response.text()).toBe('{"a":1}')
  })
})
