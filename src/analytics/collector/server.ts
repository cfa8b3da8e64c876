import { getPayloadClient } from '@/platform/sitePayload'
import { createCollector } from './ingest'
import { siteHostsOf } from './siteHosts'

let collector: Promise<ReturnType<typeof createCollector>> | null = null

/** The route handler of POST /api/collect, one collector (rate limits, sessions, salt) per process. */
export async function handleCollect(request: Request): Promise<Response> {
  collector ??= getPayloadClient().then((payload) => createCollector({ payload, siteHosts: siteHostsOf }))
  return (await collector)(request)
}
