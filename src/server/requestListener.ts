import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import compression from 'compression'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { type ProxyTrust, settleForwardedHeaders } from './clientAddress'
import { settleDraftMode } from './draftGate'
import { carriesDraftModeCookie } from '@/content/preview/draftCookie'
import { answerMediaFile, diskMediaStore, isMediaFileRequest, type MediaStore, siteMediaStore } from './mediaFiles'
import { answerMetrics, countRequest, isMetricsRequest } from './metrics'
import { answerFromMemo, isRouterRequest, pageMemoKey } from './pageMemo'
import { isEventStream, preferredEncoding, takeOverResponse } from './pageResponses'
import { answerOutsideNext, handlerOutsideNext } from './routesOutsideNext'
import { markRenderRequest } from './scriptOrigin'
import { cameOverHttps, secureEveryCookie } from './secureCookies'
import {
  answerNotFoundFromMemo,
  answerUnknownRouterRequest,
  isUnknownPageAddress,
  notFoundPageKey,
} from './unknownAddresses'

/** A path whose percent-escapes do not decode (e.g. "/%E0%A4%A") can name nothing here. */
function hasValidEncoding(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0])
    return true
  } catch {
    return false
  }
}

/** Compression for what is not a page (pages are compressed once, with their CSP); never an event stream. */
const compress = compression({
  filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
})

export type SiteRequestOptions = {
  /** Next's request handler (a stand-in in tests). */
  handle: (req: IncomingMessage, res: ServerResponse) => unknown
  trust: ProxyTrust
  dev: boolean
  /** The secret every render runs with as its script nonce (src/security/scriptMark.ts). */
  scriptMark: string
  /** A folder to read uploaded media files from instead of the site's store. */
  mediaDir?: string
  /** Where uploaded media files are read from (default the site's: the bucket with S3_* set, else MEDIA_DIR). */
  mediaStore?: MediaStore
}

/**
 * Every request, in order: the metrics answered to whom may read them (src/server/metrics.ts),
 * before the forwarding headers are settled (they tell a request that came through the front);
 * every other request counted in them; the client address settled from the trusted front, draft mode kept to
 * signed-in editors (src/server/draftGate.ts), the render marked as the site's
 * (src/server/scriptOrigin.ts), every cookie marked
 * Secure when the visitor came over https, malformed addresses refused, a media file answered from
 * its store (the uploads folder or the bucket) with its validators (src/server/mediaFiles.ts), a route
 * that asked for it answered without Next's router (src/server/routesOutsideNext.ts), a page remembered a moment
 * ago answered from memory, an address no page has answered 404 without a render, and otherwise
 * Next's answer with the page's CSP, compression and caching headers.
 */
export function siteRequestListener({
  handle,
  trust,
  dev,
  scriptMark,
  mediaDir,
  mediaStore,
}: SiteRequestOptions): RequestListener {
  const media = mediaStore ?? (mediaDir ? diskMediaStore(mediaDir) : siteMediaStore())
  return (req, res) => {
    if (isMetricsRequest(req)) return void answerMetrics(req, res)
    let answeredFromMemo = false
    countRequest(req, res, () => answeredFromMemo)
    settleForwardedHeaders(req, trust)
    settleDraftMode(req)
    markRenderRequest(req.headers, scriptMark)
    const https = cameOverHttps(req)
    if (https) secureEveryCookie(res)
    if (!hasValidEncoding(req.url ?? '/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS })
      res.end('Bad request: the address is not valid.')
      return
    }
    if (isMediaFileRequest(req)) {
      compress(req as never, res as never, () => void answerMediaFile(req, res, media))
      return
    }
    const outsideNext = handlerOutsideNext(req)
    if (outsideNext) return void answerOutsideNext(req, res, outsideNext, { https })
    const memoKey = pageMemoKey(req, preferredEncoding(req.headers['accept-encoding']))
    if (memoKey && answerFromMemo(req, res, memoKey)) {
      answeredFromMemo = true
      return
    }
    // An address no page or redirect has: answered 404 without a render (src/server/unknownAddresses.ts).
    let notFoundKey: string | null = null
    if (isUnknownPageAddress(req.url ?? '/')) {
      if (memoKey) {
        notFoundKey = notFoundPageKey(memoKey)
        if (answerNotFoundFromMemo(req, res, notFoundKey)) return
      } else if (req.method === 'GET' && isRouterRequest(req) && !carriesDraftModeCookie(req.headers.cookie)) {
        return answerUnknownRouterRequest(res)
      }
    }
    compress(req as never, res as never, () => {
      takeOverResponse(req, res, { https, dev, memoKey, notFoundKey, scriptMark })
      void handle(req, res)
    })
  }
}
