import { handleCollect } from '@/analytics/collector/server'

export const dynamic = 'force-dynamic'

export const POST = handleCollect
