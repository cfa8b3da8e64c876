import type { Payload } from 'payload'
import type { BuiltinConfigAnswer } from '../lookup'
import { loadChatSettings, serverConfigError } from './settings'

/**
 * GET /api/chat/config: what the built-in widget looks up before it connects, the way LiveChat's
 * widget asks LiveChat for its licence's dynamic configuration. It says which product the licence
 * shows and whether the licence holds; the widget stays off unless that is the chat, in force.
 */
export async function builtinChatConfig(payload: Payload): Promise<Response> {
  const settings = await loadChatSettings(payload)
  const answer: BuiltinConfigAnswer = {
    defaultWidget: settings.provider === 'builtin' ? settings.defaultWidget : 'none',
    error: serverConfigError(settings),
  }
  return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } })
}
