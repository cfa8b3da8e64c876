import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

/**
 * A rewrite applied to a body as it streams: each piece as it is written, then what is left at the
 * end (src/server/scriptOrigin.ts's MarkRemover is one).
 */
export type StreamRewrite = { take: (bytes: Buffer) => Buffer; finish: () => Buffer }

/**
 * What becomes of a response's body, decided once its head is final. `whole`: held until it is
 * complete, then `finish` gives the bytes to send (null: send nothing, the client has gone).
 * `stream`: sent as written, through `rewrite` if there is one; `flushHead`: the head may go out on
 * its own when the writer flushes it (an event stream's client learns at once that it is
 * connected); `coalesce`: what is written in the turn of the event loop of the first bytes leaves
 * as one write, with its length when that turn ends it.
 */
export type BodyPlan =
  | { kind: 'whole'; finish: (body: Buffer) => Promise<Buffer | null> }
  | { kind: 'stream'; rewrite: StreamRewrite | null; flushHead: boolean; coalesce: boolean }

/** The one interface of a transform over a response: the status it sends for one asked, and the plan for its body. */
export interface ResponseTransform {
  status(asked: number): number
  /** Called once, when the head is final: settles its headers (on the response) and plans the body. */
  plan(): BodyPlan
}

const toBuffer = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')

/** The callback among a write's or an end's arguments, if any. */
const callbackIn = (args: unknown[]) => args.find((arg) => typeof arg === 'function') as (() => void) | undefined
/** The bytes an end's arguments carry, if any (its first may be the callback). */
const endBytes = (chunk: unknown, encoding: unknown) =>
  chunk !== undefined && chunk !== null && typeof chunk !== 'function' ? toBuffer(chunk, encoding) : null

type Write = (chunk: unknown, ...rest: unknown[]) => boolean
type End = (chunk?: unknown, ...rest: unknown[]) => ServerResponse
type WriteHead = (status: number, ...rest: unknown[]) => ServerResponse

/**
 * Routes what a writer (Next) writes to `res` through `transform`. Pages cannot all be transformed
 * after they are finished: event streams and the router's data stream for as long as they live, so
 * the transform is this explicit plan, and this is the only place that stands between the writer
 * and Node's response. The head waits until the plan is made; a `whole` body until it ends.
 */
export function interceptResponse(res: ServerResponse, transform: ResponseTransform): void {
  const writeHead = res.writeHead.bind(res) as WriteHead
  const write = res.write.bind(res) as Write
  const end = res.end.bind(res) as End
  const flushHeaders = res.flushHeaders.bind(res)
  let plan: BodyPlan | null = null
  // A status given to writeHead, whose head is sent once the plan says the body streams.
  let status: number | null = null
  const held: Buffer[] = []
  let firstTurn: Buffer[] | null = null

  const decide = (): BodyPlan => {
    if (plan) return plan
    plan = transform.plan()
    if (status !== null) status = res.statusCode
    if (plan.kind === 'stream' && status !== null) writeHead(status)
    return plan
  }

  const releaseFirstTurn = () => {
    const turn = firstTurn
    firstTurn = null
    if (turn?.length) write(Buffer.concat(turn))
  }

  res.writeHead = function (asked: number, ...rest: unknown[]) {
    const code = transform.status(asked)
    // Once streaming, Node's own implicit header write comes here too.
    if (plan?.kind === 'stream') return writeHead(code, ...rest)
    status = code
    const headers = rest.find((arg) => arg && typeof arg === 'object') as OutgoingHttpHeaders | undefined
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value)
    res.statusCode = code
    decide()
    return res
  } as ServerResponse['writeHead']

  // A head flushed on its own costs one more write to the socket, as much as a small answer itself:
  // it goes with the first bytes of the body instead, unless the plan says it may go now.
  res.flushHeaders = function () {
    const decided = decide()
    if (decided.kind === 'stream' && decided.flushHead) flushHeaders()
  }

  res.write = function (chunk: unknown, ...rest: unknown[]) {
    const decided = decide()
    if (decided.kind === 'whole') {
      held.push(toBuffer(chunk, rest[0]))
      callbackIn(rest)?.()
      return true
    }
    if (decided.rewrite) {
      const callback = callbackIn(rest)
      return write(decided.rewrite.take(toBuffer(chunk, rest[0])), ...(callback ? [callback] : []))
    }
    if (firstTurn === null && !res.headersSent && decided.coalesce) {
      firstTurn = []
      setImmediate(releaseFirstTurn)
    }
    if (firstTurn) {
      firstTurn.push(toBuffer(chunk, rest[0]))
      callbackIn(rest)?.()
      return true
    }
    return write(chunk, ...rest)
  } as ServerResponse['write']

  res.end = function (chunk?: unknown, ...rest: unknown[]) {
    const decided = decide()
    const callback = callbackIn([chunk, ...rest])
    if (decided.kind === 'whole') {
      const last = endBytes(chunk, rest[0])
      if (last) held.push(last)
      void decided.finish(Buffer.concat(held)).then(
        (sent) => {
          if (sent) {
            writeHead(res.statusCode)
            end(sent)
          }
          callback?.()
        },
        (error) => {
          console.error('A page could not be sent:', error)
          res.destroy(error instanceof Error ? error : undefined)
        },
      )
      return res
    }
    if (decided.rewrite) {
      const last = endBytes(chunk, rest[0])
      const tail = Buffer.concat([last ? decided.rewrite.take(last) : Buffer.alloc(0), decided.rewrite.finish()])
      return end(tail, ...(callback ? [callback] : []))
    }
    if (firstTurn) {
      const turn = firstTurn
      firstTurn = null
      const last = endBytes(chunk, rest[0])
      const body = Buffer.concat(last ? [...turn, last] : turn)
      if (!res.headersSent && !res.hasHeader('content-length')) res.setHeader('Content-Length', body.length)
      return end(body, ...(callback ? [callback] : []))
    }
    return end(chunk, ...rest)
  } as ServerResponse['end']
}
