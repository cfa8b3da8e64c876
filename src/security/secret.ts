/** The site's secret, read when a request needs it (a build has none). */
export function payloadSecret(): string {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) throw new Error('PAYLOAD_SECRET is not set.')
  return secret
}
