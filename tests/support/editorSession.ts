import { createHash, createHmac } from 'node:crypto'

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * The `payload-token` cookie of a signed-in editor, signed as Payload signs its sessions (HS256
 * with the first 32 hex characters of the secret's SHA-256; src/server/draftGate.test.ts checks
 * that a token from Payload's own login passes the same check).
 */
export function editorSessionCookie(secret = process.env.PAYLOAD_SECRET ?? '', expiresInS = 3600): string {
  const header = base64url({ alg: 'HS256', typ: 'JWT' })
  const body = base64url({ id: 1, collection: 'users', exp: Math.floor(Date.now() / 1000) + expiresInS })
  const key = createHash('sha256').update(secret).digest('hex').slice(0, 32)
  const signature = createHmac('sha256', key).update(`${header}.${body}`).digest('base64url')
  return `payload-token=${header}.${body}.${signature}`
}
