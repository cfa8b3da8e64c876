import { checkReadiness } from '@/platform/health'

export const dynamic = 'force-dynamic'

/** Readiness: 200 while the instance can serve (Redis down is `degraded`), 503 while its database is down. */
export async function GET() {
  const readiness = await checkReadiness()
  return Response.json(readiness, { status: readiness.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
