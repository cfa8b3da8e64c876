import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Tokens of the form `random.signature` (both base64url): random bytes and their HMAC-SHA256 under
 * `key`. The site issues them (a CSRF cookie, a chat visitor's key) and takes back only its own: a
 * token made up elsewhere has no valid signature. Compared in constant time.
 */
export function signedTokens({ key, randomLength }: { key: () => Buffer | string; randomLength: number }) {
  const randomChars = Math.ceil((randomLength * 4) / 3)
  const shape = new RegExp(`^[A-Za-z0-9_-]{${randomChars}}\\.[A-Za-z0-9_-]{43}$`)
  const signatureOf = (random: string) => createHmac('sha256', key()).update(random).digest()
  return {
    issue(): string {
      const random = randomBytes(randomLength).toString('base64url')
      return `${random}.${signatureOf(random).toString('base64url')}`
    },
    /** Whether `token` has this kind's shape and a signature that holds. */
    isGenuine(token: unknown): token is string {
      if (typeof token !== 'string' || !shape.test(token)) return false
      const [random, signature] = token.split('.')
      return timingSafeEqual(Buffer.from(signature, 'base64url'), signatureOf(random))
    },
  }
}

/** Whether two secrets are equal, in time that does not tell where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
