import config from '@payload-config'
import { connection } from 'next/server'
import { getPayload, type Payload } from 'payload'

/**
 * The one door to the site's configured Payload below the routes: `src/layers.test.ts` lets no
 * other module under a capability or shared folder import `@payload-config`, which composes them all.
 */

/**
 * The site's Payload, for code that answers a request. The build has no database to read: a route
 * that reads through it during the build is left to render when it is visited (cached pages then
 * keep what they read until an edit revalidates them).
 */
export async function getPayloadClient(): Promise<Payload> {
  if (process.env.NEXT_PHASE === 'phase-production-build') await connection()
  return getPayload({ config })
}

/**
 * Starts a background job with the server (from `instrumentation.ts`). A job that cannot start is
 * logged and left for the next start: the site still serves pages without it.
 */
export async function startWithServer(job: string, start: (payload: Payload) => unknown): Promise<void> {
  try {
    await start(await getPayload({ config }))
  } catch (error) {
    console.error(`${job}: could not start with the server`, error)
  }
}
