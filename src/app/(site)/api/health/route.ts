import { checkHealth } from '@/platform/health'

export const dynamic = 'force-dynamic'

/**
 * Readiness: 200 while the instance can serve (Redis down is `degraded`), 503 while its database is
 * down; `mail` says whether mail leaves (`smtp`) or only lands in the outbox.
 */
export async function GET() {
  const health = await checkHealth()
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
