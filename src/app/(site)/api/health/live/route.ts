export const dynamic = 'force-dynamic'

/** Liveness: the process answers requests; it asks no dependency (a supervisor restarts an instance only when this fails). */
export function GET() {
  return Response.json({ status: 'alive' }, { headers: { 'Cache-Control': 'no-store' } })
}
