import type { IncomingMessage, ServerResponse } from 'node:http'
import { isDraftPageRequest } from './draftPages'
import { interceptResponse } from './response/interceptResponse'
import { finishPage, type PageContext } from './response/pageBody'
import { isEventStream, permanentRedirectStatus, type ResponseContext, settleHead } from './response/responseHead'
import { MarkRemover } from './scriptOrigin'

export { preferredEncoding } from './response/encoding'
export {
  CACHED_PAGE_CACHE_CONTROL,
  isEventStream,
  NOT_FOUND_CACHE_CONTROL,
  permanentRedirectStatus,
  VERSIONED_ICON_CACHE_CONTROL,
  withVisitorQuery,
} from './response/responseHead'

export type PageResponseOptions = Omit<PageContext, keyof ResponseContext> & Omit<ResponseContext, 'draft'>

/**
 * The transform of Next's answer (src/server/response/): its head settled once it is final
 * (responseHead.ts); an HTML page for a GET held until it is whole, then sent with its CSP,
 * compressed and remembered (pageBody.ts); a page for another method and Next's data for the router
 * streamed with the render's mark replaced as they go (scriptOrigin.ts); everything else passed
 * through as written, event streams included.
 */
export function takeOverResponse(req: IncomingMessage, res: ServerResponse, options: PageResponseOptions): void {
  const context: PageContext = { ...options, draft: isDraftPageRequest(req) }
  interceptResponse(res, {
    status: (asked) => permanentRedirectStatus(req.method, asked),
    plan: () => {
      const { html } = settleHead(req, res, context)
      if (html && req.method === 'GET' && !res.getHeader('content-encoding'))
        return { kind: 'whole', finish: (body) => finishPage(req, res, body, context) }
      const routerData = String(res.getHeader('content-type') ?? '').startsWith('text/x-component')
      const eventStream = isEventStream(res)
      return {
        kind: 'stream',
        // Next's data for the router and a server action's answer name the mark too.
        rewrite: html || routerData ? new MarkRemover(options.scriptMark) : null,
        flushHead: eventStream,
        coalesce: !eventStream,
      }
    },
  })
}
