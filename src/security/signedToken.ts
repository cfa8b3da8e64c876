import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Tokens of the form `random.signature` (both base64url): random bytes and their HMAC-SHA256 under
 * `key`. The site issues them (a CSRF cookie, a chat visitor's key) and takes back only its own: a
 * token made up elsewhere has no valid signature. Compared in constant time.
 */
export function signedTokens({ key, randomLength }: { key: () => Buffer | string; randomLength: number }) {
  const randomChars = Math.ceil((randomLength * 4) / 3)
  const shape = new RegExp(`^[A-Za-z0-9_-]{${randomChars}}\\.[A-Za-z0-9_-]{43}$`)
  // The key is prepared once for as long as its bytes stay the same: preparing it is most of what
  // signing costs (about 0.2 ms of a busy instance's CPU for each new chat visitor).
  let prepared: { bytes: Buffer; key: KeyObject } | null = null
  const preparedKey = () => {
    const current = key()
    const bytes = typeof current === 'string' ? Buffer.from(current) : current
    if (!prepared?.bytes.equals(bytes)) prepared = { bytes, key: createSecretKey(bytes) }
    return prepared.key
  }
  const signatureOf = (random: string) => createHmac('sha256', preparedKey()).update(random).digest()
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
