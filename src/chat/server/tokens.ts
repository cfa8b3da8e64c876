import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits: a visitor's only key to their conversation. */
export const newVisitorToken = () => randomBytes(32).toString('base64url')

export const isWellFormedToken = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)

/** What the database and agents see instead of the token. */
export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex')
