import { type ChatResult, chatRequest, jsonPost } from '../browser/chatRequest'
import { VISITOR_ENDPOINT, type VisitorAnswers, type VisitorRequest } from '../protocol'

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
  return chatRequest(VISITOR_ENDPOINT, jsonPost(request), VISITOR_FAILURE_WORDS)
}
