// Who may use the visitor's side of the chat, and as whom: the visitor's token (from their cookie
// or newly made), the allowances per visitor and per client address, and the gate that refuses a
// foreign origin or a chat the settings have switched off.
import type { Payload } from 'payload'
import { isHttpsRequest } from '@/security/headers'
import { createRateLimiter } from '@/security/rateLimit'
import { readCookie } from '@/security/cookies'
import {
  CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
  CHAT_NEW_CONVERSATIONS_WINDOW_MS,
  CHAT_NEW_VISITORS_PER_ADDRESS,
  CHAT_NEW_VISITORS_WINDOW_MS,
  CHAT_POST_LIMIT,
  CHAT_POST_WINDOW_MS,
  CHAT_VISITOR_COOKIE,
} from '../../constants'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import { originAllowed } from './guards'
import { readChatSettings, serverConfigError } from '../settings'
import { hashVisitorToken, isIssuedToken, newVisitorToken } from './tokens'

/** Message posts per visitor: a flood answers 429 and stores nothing. */
export const visitorPostLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_POST_LIMIT, windowMs: CHAT_POST_WINDOW_MS },
  { scope: 'chat-visitor' },
)

/** New visitor tokens per client address: dropping the cookie does not buy a fresh allowance forever. */
export const newVisitorLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_NEW_VISITORS_PER_ADDRESS, windowMs: CHAT_NEW_VISITORS_WINDOW_MS },
  { scope: 'chat-new-visitor' },
)

/** New conversations per client address, so that one place cannot flood the agents' queue. */
export const newConversationLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_NEW_CONVERSATIONS_PER_ADDRESS, windowMs: CHAT_NEW_CONVERSATIONS_WINDOW_MS },
  { scope: 'chat-new-conversation' },
)

const ONE_YEAR_S = 365 * 24 * 60 * 60

export type Visitor = { visitorId: string; setCookie: string | null }

/** The visitor behind a request: from their cookie, or a new token (then set as a cookie). */
export function visitorOf(request: Request): Visitor {
  const token = readCookie(request.headers.get('cookie'), CHAT_VISITOR_COOKIE)
  if (isIssuedToken(token)) return { visitorId: hashVisitorToken(token), setCookie: null }
  const fresh = newVisitorToken()
  const secure = isHttpsRequest(request.url, request.headers.get('x-forwarded-proto')) ? '; Secure' : ''
  return {
    visitorId: hashVisitorToken(fresh),
    setCookie: `${CHAT_VISITOR_COOKIE}=${fresh}; Path=/api/chat; HttpOnly; SameSite=Lax; Max-Age=${ONE_YEAR_S}${secure}`,
  }
}

/** The visitor behind a request, counting a new token against the address's allowance (429 once spent). */
export async function admitVisitor(request: Request, address: string): Promise<Visitor> {
  const visitor = visitorOf(request)
  if (visitor.setCookie) {
    refuseWhenLimited(
      await newVisitorLimiter.take(address),
      'Too many new chat visitors from your network. Please try again later.',
    )
  }
  return visitor
}

/**
 * Refuses what the widget itself would not do: a request from a foreign origin, and any while
 * the built-in chat is not what the settings serve (another provider or product, or a licence
 * that does not hold), so a hand-made request cannot open a chat the site has switched off.
 */
export async function refuseForeignOrigin(request: Request, payload: Payload) {
  const settings = await readChatSettings(payload)
  if (!originAllowed(request, settings.allowedDomains)) {
    throw new ChatRequestError(403, 'This site may not use the chat.')
  }
  if (settings.provider !== 'builtin' || settings.defaultWidget !== 'chat' || serverConfigError(settings)) {
    throw new ChatRequestError(403, 'The chat is not available on this site.')
  }
  return settings
}
