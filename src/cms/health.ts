import { getPayloadClient } from './queries'

export type Health = { ok: boolean; database: 'up' | 'down'; latencyMs: number; error?: string }

/** Answers whether the database serves a query, and how fast. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now()
  try {
    const payload = await getPayloadClient()
    await payload.count({ collection: 'pages', overrideAccess: true })
    return { ok: true, database: 'up', latencyMs: Math.round(performance.now() - started) }
  } catch (error) {
    console.error('health check failed', error)
    return {
      ok: false,
      database: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: 'database unavailable',
    }
  }
}
