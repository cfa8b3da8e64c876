// The steps of a request's way through the server (the order is src/server/pipeline/sitePipeline.ts's).
// Each is the door to one module, which holds the job and its tests.
import compression from 'compression'
import { carriesDraftModeCookie } from '@/content/preview/draftCookie'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { settleForwardedHeaders } from '../clientAddress'
import { settleDraftMode } from '../draftGate'
import { answerMediaFile, isMediaFileRequest } from '../mediaFiles'
import { answerMetrics, countRequest, isMetricsRequest } from '../metrics'
import { answerFromMemo, isRouterRequest, pageMemoKey } from '../pageMemo'
import { isEventStream, preferredEncoding, takeOverResponse } from '../pageResponses'
import { answerOutsideNext, handlerOutsideNext } from '../routesOutsideNext'
import { markRenderRequest } from '../scriptOrigin'
import { cameOverHttps, secureEveryCookie } from '../secureCookies'
import {
  answerNotFoundFromMemo,
  answerUnknownRouterRequest,
  isUnknownPageAddress,
  notFoundPageKey,
} from '../unknownAddresses'
import { ANSWERED, GO_ON, type Step } from './step'

/** Compression for what is not a page (pages are compressed once, with their CSP); never an event stream. */
const compress = compression({
  filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
})

/** The metrics answered to whom may read them (src/server/metrics.ts); every other request counted in them. */
export const metricsStep: Step = {
  name: 'metrics',
  run: (req, res, state) => {
    // Before the forwarding headers are settled: they tell a request that came through the front.
    if (isMetricsRequest(req)) {
      void answerMetrics(req, res)
      return ANSWERED
    }
    countRequest(req, res, () => state.answeredFromMemo)
    return GO_ON
  },
}

/** The client's address and protocol from the trusted front (src/server/clientAddress.ts). */
export const clientAddressStep: Step = {
  name: 'client address',
  run: (req, _res, state, { trust }) => {
    settleForwardedHeaders(req, trust)
    state.https = cameOverHttps(req)
    return GO_ON
  },
}

/** Draft mode kept to signed-in editors, and Next's revalidation headers never taken from outside (src/server/draftGate.ts). */
export const draftGateStep: Step = {
  name: 'draft gate',
  run: (req) => {
    settleDraftMode(req)
    return GO_ON
  },
}

/**
 * The security of what Next answers: the render marked as the site's (src/server/scriptOrigin.ts),
 * every cookie Secure over https (src/server/secureCookies.ts).
 */
export const securityStep: Step = {
  name: 'security headers',
  run: (req, res, state, { scriptMark }) => {
    markRenderRequest(req.headers, scriptMark)
    if (state.https) secureEveryCookie(res)
    return GO_ON
  },
}

/** A path whose percent-escapes do not decode (e.g. "/%E0%A4%A") can name nothing here. */
function hasValidEncoding(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0])
    return true
  } catch {
    return false
  }
}

/** A malformed address refused with 400. */
export const malformedAddressStep: Step = {
  name: 'malformed addresses',
  run: (req, res) => {
    if (hasValidEncoding(req.url ?? '/')) return GO_ON
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS })
    res.end('Bad request: the address is not valid.')
    return ANSWERED
  },
}

/**
 * The routes served outside Next: a media file from its store with its validators
 * (src/server/mediaFiles.ts), and a route that asked for it without Next's router
 * (src/server/routesOutsideNext.ts).
 */
export const outsideNextStep: Step = {
  name: 'routes outside Next',
  run: (req, res, state, { media }) => {
    if (isMediaFileRequest(req)) {
      compress(req as never, res as never, () => void answerMediaFile(req, res, media))
      return ANSWERED
    }
    const handler = handlerOutsideNext(req)
    if (!handler) return GO_ON
    void answerOutsideNext(req, res, handler, { https: state.https })
    return ANSWERED
  },
}

/** A page remembered a moment ago, answered from memory (src/server/pageMemo.ts). */
export const pageMemoStep: Step = {
  name: 'memo',
  run: (req, res, state) => {
    state.memoKey = pageMemoKey(req, preferredEncoding(req.headers['accept-encoding']))
    if (!state.memoKey || !answerFromMemo(req, res, state.memoKey)) return GO_ON
    state.answeredFromMemo = true
    return ANSWERED
  },
}

/** An address no page or redirect has: answered 404 without a render (src/server/unknownAddresses.ts). */
export const unknownAddressStep: Step = {
  name: 'unknown addresses',
  run: (req, res, state) => {
    if (!isUnknownPageAddress(req.url ?? '/')) return GO_ON
    if (state.memoKey) {
      state.notFoundKey = notFoundPageKey(state.memoKey)
      return answerNotFoundFromMemo(req, res, state.notFoundKey)
    }
    if (req.method !== 'GET' || !isRouterRequest(req) || carriesDraftModeCookie(req.headers.cookie)) return GO_ON
    answerUnknownRouterRequest(res)
    return ANSWERED
  },
}

/** Next's answer, through the response transform (src/server/pageResponses.ts) and compression. */
export const nextStep: Step = {
  name: 'Next',
  run: (req, res, { https, memoKey, notFoundKey }, { dev, scriptMark, handle }) => {
    compress(req as never, res as never, () => {
      takeOverResponse(req, res, { https, dev, memoKey, notFoundKey, scriptMark })
      void handle(req, res)
    })
    return ANSWERED
  },
}
