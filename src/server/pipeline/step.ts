import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProxyTrust } from '../clientAddress'
import type { MediaStore } from '../mediaFiles'

/** What the server is started with, the same for every request. */
export type PipelineOptions = {
  /** Next's request handler (a stand-in in tests). */
  handle: (req: IncomingMessage, res: ServerResponse) => unknown
  trust: ProxyTrust
  dev: boolean
  /** The secret every render runs with as its script nonce (src/security/scriptMark.ts). */
  scriptMark: string
  /** Where uploaded media files are read from. */
  media: MediaStore
}

/** What the steps learn about one request on its way, for the steps after them. */
export type RequestState = {
  /** The visitor came over https (known once the client address is settled). */
  https: boolean
  /** Where a page for this request is remembered (src/server/pageMemo.ts), or null. */
  memoKey: string | null
  /** Where the 404 page for this unknown address is remembered (src/server/unknownAddresses.ts), or null. */
  notFoundKey: string | null
  /** The page memo answered: the metrics count it as a cache hit. */
  answeredFromMemo: boolean
}

/** A step answered the request: the steps after it do not run. */
export const ANSWERED = true
/** A step let the request go on to the next one. */
export const GO_ON = false

/** One step of a request's way through the server: one job, then it answers or lets the request go on. */
export type Step = {
  name: string
  run: (req: IncomingMessage, res: ServerResponse, state: RequestState, options: PipelineOptions) => boolean
}
