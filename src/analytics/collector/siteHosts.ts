import { siteOrigin } from '@/platform/siteUrl'

/** This site's hosts: the configured public origin's, and the one the request was addressed to. */
export function siteHostsOf(request: Pick<Request, 'headers'>): string[] {
  const hosts = [new URL(siteOrigin()).host]
  const addressed = (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))?.split(',')[0]?.trim()
  if (addressed) hosts.push(addressed)
  return [...new Set(hosts.map((host) => host.toLowerCase()))]
}
