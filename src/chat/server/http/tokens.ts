import { createHash } from 'node:crypto'
import { payloadSecret } from '@/security/secret'
import { signedTokens } from '@/security/signedToken'

const visitorTokens = signedTokens({
  key: () => createHash('sha256').update(`chat-visitor:${payloadSecret()}`).digest(),
  randomLength: 32,
})

/**
 * 256 random bits and the server's signature of them: a visitor's only key to their conversation.
 * Signed so that a token the client makes up is a new visitor, counted against its address's limit.
 */
export const newVisitorToken = (): string => visitorTokens.issue()

/** A token this site issued (well formed, and its signature holds). */
export const isIssuedToken = (token: unknown): token is string => visitorTokens.isGenuine(token)

/** What the database and agents see instead of the token. */
export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex')
