import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetKnownAddresses, keepKnownAddresses } from '@/content/knownAddresses'
import { listenOnLoopback } from '../../../tests/support/handlerServer'
import { proxyTrustFrom } from '../clientAddress'
import { diskMediaStore } from '../mediaFiles'
import { serveOutsideNext } from '../routesOutsideNext'
import { runPipeline, SITE_PIPELINE } from './sitePipeline'
import { ANSWERED, GO_ON, type PipelineOptions, type Step } from './step'
import {
  clientAddressStep,
  draftGateStep,
  malformedAddressStep,
  metricsStep,
  nextStep,
  outsideNextStep,
  pageMemoStep,
  securityStep,
  unknownAddressStep,
} from './steps'

/** Where a request that every step let through ends in these tests: the state and headers it reached it with. */
const REPORT_STATUS = 299
const reportStep: Step = {
  name: 'report',
  run: (req, res, state) => {
    res.setHeader('Set-Cookie', 'seen=1; Path=/')
    res.writeHead(REPORT_STATUS, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ state, headers: req.headers }))
    return ANSWERED
  },
}

const MARK = 'testMarkForTheStandInServer0000'
const options: PipelineOptions = {
  handle: (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end('from next')
  },
  trust: proxyTrustFrom('loopback'),
  dev: false,
  scriptMark: MARK,
  media: diskMediaStore('/nonexistent-media-folder'),
}

let origin: string
let close: () => Promise<void>
/** The steps the test server runs, set by each test before it asks. */
let steps: Step[] = []

beforeAll(async () => {
  ;({ url: origin, close } = await listenOnLoopback((req, res) => runPipeline(steps, req, res, options)))
})
afterAll(() => close())

/** Asks through `only` and the report step; the answer, and what the report saw if it was reached. */
async function through(only: Step[], path: string, init: RequestInit = {}) {
  steps = [...only, reportStep]
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', ...init })
  const text = await response.text()
  const reported = response.status === REPORT_STATUS ? (JSON.parse(text) as Record<string, never>) : null
  return {
    response,
    text,
    reported: reported as { state: Record<string, unknown>; headers: Record<string, string> } | null,
  }
}

describe('the site’s pipeline', () => {
  it('declares a request’s way in one ordered list', () => {
    expect(SITE_PIPELINE.map((step) => step.name)).toEqual([
      'metrics',
      'client address',
      'draft gate',
      'security headers',
      'malformed addresses',
      'routes outside Next',
      'memo',
      'unknown addresses',
      'Next',
    ])
  })

  it('stops at the first step that answers', async () => {
    const ran: string[] = []
    const note = (name: string): Step => ({ name, run: () => (ran.push(name), GO_ON) })
    const answers: Step = {
      name: 'answers',
      run: (_req, res) => {
        ran.push('answers')
        res.writeHead(204).end()
        return ANSWERED
      },
    }
    expect((await through([note('first'), note('second')], '/')).response.status).toBe(REPORT_STATUS)
    expect((await through([answers, note('never')], '/')).response.status).toBe(204)
    expect(ran).toEqual(['first', 'second', 'answers'])
  })
})

describe('each step', () => {
  it('metrics: answers /metrics itself and lets every other request on, counted', async () => {
    expect((await through([metricsStep], '/metrics')).response.status).toBe(200)
    expect((await through([metricsStep], '/faq')).reported).not.toBeNull()
  })

  it('client address: settles the forwarding headers and tells whether the visitor came over https', async () => {
    const { reported } = await through([clientAddressStep], '/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(reported?.state.https).toBe(true)
    expect(reported?.headers['x-forwarded-for']).toBe('127.0.0.1')
  })

  it('draft gate: drops Next’s revalidation headers and a draft cookie without an editor’s session', async () => {
    const headers = { 'X-Prerender-Revalidate': 'guess', Cookie: '__prerender_bypass=1' }
    const { reported } = await through([draftGateStep], '/', { headers })
    expect(reported?.headers['x-prerender-revalidate']).toBeUndefined()
    expect(reported?.headers.cookie ?? '').not.toContain('__prerender_bypass')
  })

  it('security headers: marks the render as the site’s and makes every cookie Secure over https', async () => {
    const { reported, response } = await through([clientAddressStep, securityStep], '/', {
      headers: { 'X-Forwarded-Proto': 'https' },
    })
    expect(reported?.headers['content-security-policy']).toContain(MARK)
    expect(response.headers.get('set-cookie')).toContain('Secure')
  })

  it('malformed addresses: refuses an address that does not decode with 400', async () => {
    expect((await through([malformedAddressStep], '/%E0%A4%A')).response.status).toBe(400)
    expect((await through([malformedAddressStep], '/faq')).reported).not.toBeNull()
  })

  it('routes outside Next: answers a registered route and a media file, and lets the rest on', async () => {
    serveOutsideNext('GET', '/pipeline-outside', () => new Response('outside'))
    expect((await through([outsideNextStep], '/pipeline-outside')).text).toBe('outside')
    expect((await through([outsideNextStep], '/api/media/file/missing.png')).response.status).toBe(404)
    expect((await through([outsideNextStep], '/faq')).reported).not.toBeNull()
  })

  it('memo: keys a document request for the steps after it, never a router request', async () => {
    expect((await through([pageMemoStep], '/faq')).reported?.state.memoKey).toContain('/faq')
    expect((await through([pageMemoStep], '/faq', { headers: { RSC: '1' } })).reported?.state.memoKey).toBeNull()
  })

  it('unknown addresses: answers the router’s request for an address no page has with 404, and lets a known one on', async () => {
    keepKnownAddresses(new Set(['/faq']))
    try {
      expect((await through([unknownAddressStep], '/zz-none', { headers: { RSC: '1' } })).response.status).toBe(404)
      expect((await through([unknownAddressStep], '/faq', { headers: { RSC: '1' } })).reported).not.toBeNull()
    } finally {
      forgetKnownAddresses()
    }
  })

  it('Next: hands every request that reaches it to Next’s handler', async () => {
    expect((await through([nextStep], '/faq')).text).toBe('from next')
  })
})
