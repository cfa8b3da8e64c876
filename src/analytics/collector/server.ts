import { getPayloadClient } from '@/platform/sitePayload'
import { siteOrigin } from '@/platform/siteUrl'
import { createCollector } from './ingest'

/** This site's hosts: the configured public origin's, and the one the request was addressed to. */
function siteHosts(request: Request): string[] {
  const hosts = [new URL(siteOrigin()).host]
  const addressed = (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))?.split(',')[0]?.trim()
  if (addressed) hosts.push(addressed)
  return [...new Set(hosts.map((host) => host.toLowerCase()))]
}

let collector: Promise<ReturnType<typeof createCollector>> | null = null

/** The route handler of POST /api/collect, one collector (rate limits, sessions, salt) per process. */
export async function handleCollect(request: Request): Promise<Response> {
  collector ??= getPayloadClient().then((payload) => createCollector({ payload, siteHosts }))
  return (await collector)(request)
}
