import { createHash, randomBytes } from 'node:crypto'
import type { Payload } from 'payload'

/** The UTC date of a moment, YYYY-MM-DD: the unit of salt rotation and of the dashboard's series. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Today's salt for the visitor hash. One random salt per UTC day, stored so that every instance
 * agrees; salts of earlier days are deleted as soon as a new day's salt is made, so yesterday's
 * visitor ids can no longer be recomputed from an address.
 */
export function createSaltKeeper(payload: Payload) {
  let cached: { day: string; salt: string } | null = null
  let pending: Promise<string> | null = null

  async function load(day: string): Promise<string> {
    const saltOfDay = async () =>
      (
        await payload.find({
          collection: 'analytics-salts',
          where: { day: { equals: day } },
          limit: 1,
          pagination: false,
        })
      ).docs[0]?.salt
    let salt = await saltOfDay()
    if (!salt) {
      try {
        salt = (
          await payload.create({ collection: 'analytics-salts', data: { day, salt: randomBytes(32).toString('hex') } })
        ).salt
      } catch {
        // Another instance made today's salt first (unique day): use that one.
        salt = await saltOfDay()
        if (!salt) throw new Error(`no analytics salt for ${day}`)
      }
    }
    await payload.delete({ collection: 'analytics-salts', where: { day: { less_than: day } } })
    cached = { day, salt }
    return salt
  }

  return {
    async saltFor(now: number): Promise<string> {
      const day = utcDay(now)
      if (cached?.day === day) return cached.salt
      pending ??= load(day).finally(() => (pending = null))
      return pending
    },
  }
}

/** The visitor id for one day: a hash of the salt, address, browser and site; the address is never stored. */
export function visitorId(salt: string, ip: string, userAgent: string, site: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${site}`).digest('base64url').slice(0, 22)
}
