import { type ChatResult, chatRequest, jsonPost } from '../browser/chatRequest'
import { afterVisitorKnown } from './visitorIdentity'
import type { NoneLeftOut, Unlisted, VisitorAnswers, VisitorRequest, VisitorStreamEvents } from '../protocol'

/** Where the widget posts what a visitor does. */
const VISITOR_ENDPOINT = '/api/chat/visitor'

/** The visitor's stream: their own conversation, from `lastEventId` on. */
export const visitorStreamUrl = (page: string, lastEventId: number) =>
  `/api/chat/stream?page=${encodeURIComponent(page)}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`

/** Every event of the visitor's stream, for its listeners. */
export const VISITOR_STREAM_EVENTS = [
  'snapshot',
  'chat',
  'synced',
  'status',
  'availability',
  'typing',
] as const satisfies readonly (keyof VisitorStreamEvents)[]
export type VisitorStreamEventsListed = NoneLeftOut<Unlisted<VisitorStreamEvents, typeof VISITOR_STREAM_EVENTS>>

/** What a visitor's request comes back as: the protocol's answer for its action, or why it failed. */
export type VisitorResult<Action extends VisitorRequest['action'] = VisitorRequest['action']> = ChatResult<
  VisitorAnswers[Action]
>

const VISITOR_FAILURE_WORDS = {
  refused: 'The chat is unavailable.',
  unreachable: 'The chat is unreachable. Check your connection.',
}

/** The visitor widget's one call to the chat server: what the visitor did, as the protocol names it. */
export function sendVisitorRequest<Request extends VisitorRequest>(
  request: Request,
): Promise<VisitorResult<Request['action']>> {
  return afterVisitorKnown(
    () => chatRequest(VISITOR_ENDPOINT, jsonPost(request), VISITOR_FAILURE_WORDS),
    (result) => result.ok,
  )
}
