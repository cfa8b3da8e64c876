import { type ChatResult, chatRequest, jsonPost } from '../browser/chatRequest'
import type { AgentAnswers, AgentRequest, AgentStreamEvents, NoneLeftOut, Unlisted } from '../protocol'

/** Where the console posts what an agent does. */
const AGENT_ENDPOINT = '/api/chat/agent'

/** The agents' stream: every open chat, the visitors on the site and the team's presence. */
export const agentStreamUrl = (lastEventId: number) =>
  `/api/chat/agent/stream${lastEventId ? `?lastEventId=${lastEventId}` : ''}`

/** Every event of the agents' stream, for its listeners. */
export const AGENT_STREAM_EVENTS = [
  'me',
  'agents',
  'visitors',
  'conversations',
  'conversation',
  'chat',
  'synced',
  'availability',
  'typing',
] as const satisfies readonly (keyof AgentStreamEvents)[]
export type AgentStreamEventsListed = NoneLeftOut<Unlisted<AgentStreamEvents, typeof AGENT_STREAM_EVENTS>>

/** The agent console's calls to the chat server (Payload's session cookie authenticates them). */
export type AgentResult<Action extends AgentRequest['action'] = AgentRequest['action']> = ChatResult<
  AgentAnswers[Action]
>

const AGENT_FAILURE_WORDS = { refused: 'The request failed.', unreachable: 'The chat server is unreachable.' }

/** What the agent did, as the protocol names it; the answer is the protocol's for its action. */
export function sendAgentRequest<Request extends AgentRequest>(
  request: Request,
): Promise<AgentResult<Request['action']>> {
  return chatRequest(AGENT_ENDPOINT, jsonPost(request), AGENT_FAILURE_WORDS)
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

const valueOf = <Answer, T>(result: ChatResult<Answer>, pick: (answer: Answer) => T): Outcome<T> =>
  result.ok ? { ok: true, value: pick(result) } : result

export const fetchHistory = async (search: { query: string; from?: string; to?: string }) =>
  valueOf(await sendAgentRequest({ action: 'history', ...search }), (answer) => answer.conversations)

export const fetchCannedReplies = async () =>
  valueOf(await sendAgentRequest({ action: 'canned_replies' }), (answer) => answer.replies)

export const fetchTranscript = async (conversationId: number) =>
  valueOf(await sendAgentRequest({ action: 'transcript_view', conversationId }), (answer) => answer.events)
