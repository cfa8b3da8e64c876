import { handleCollect } from '@/analytics/collector/server'
import { serveOutsideNext } from '@/server/routesOutsideNext'

export const dynamic = 'force-dynamic'

export const POST = handleCollect

// Every visit sends this beacon; once this module is loaded the server answers it without Next's
// router, which cost an instance as much as storing the events (src/server/routesOutsideNext.ts).
serveOutsideNext('POST', '/api/collect', POST)
