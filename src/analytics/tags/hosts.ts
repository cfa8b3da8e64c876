import { wellFormedTagId } from '@/analytics/settings/tagIds'
/** The third-party tag services the site can load, and what each needs from the Content-Security-Policy. */
export const TAG_SERVICES = {
  google: {
    defaultOrigin: 'https://www.googletagmanager.com',
    cspSources: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
  },
  clarity: {
    defaultOrigin: 'https://www.clarity.ms',
    cspSources: ['https://www.clarity.ms', 'https://*.clarity.ms', 'https://c.bing.com'],
  },
  hotjar: {
    defaultOrigin: 'https://static.hotjar.com',
    cspSources: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
  },
} as const
export type TagService = keyof typeof TAG_SERVICES

/** The tag part of the site settings (the "Analytics and consent" tab). */
export type TagSettings = {
  gtmId?: string | null
  ga4Id?: string | null
  clarityId?: string | null
  hotjarId?: string | null
  tagOrigins?: { google?: string | null; clarity?: string | null; hotjar?: string | null } | null
}

export type TagConfig = {
  gtmId: string | null
  ga4Id: string | null
  clarityId: string | null
  hotjarId: string | null
  origins: Record<TagService, string>
}

/** An origin (scheme, host, port) from a configured base URL, or null when it is not http(s). */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

/** What the browser needs to load the configured tags: ids that are well-formed, and the origins to load them from. */
export function tagConfig(settings: TagSettings | null | undefined): TagConfig {
  const origin = (service: TagService) =>
    originOf(settings?.tagOrigins?.[service]) ?? TAG_SERVICES[service].defaultOrigin
  return {
    gtmId: wellFormedTagId('gtmId', settings?.gtmId),
    ga4Id: wellFormedTagId('ga4Id', settings?.ga4Id),
    clarityId: wellFormedTagId('clarityId', settings?.clarityId),
    hotjarId: wellFormedTagId('hotjarId', settings?.hotjarId),
    origins: { google: origin('google'), clarity: origin('clarity'), hotjar: origin('hotjar') },
  }
}

/** Which services are configured, and so may load. */
export function configuredServices(config: TagConfig): TagService[] {
  const services: TagService[] = []
  if (config.gtmId || config.ga4Id) services.push('google')
  if (config.clarityId) services.push('clarity')
  if (config.hotjarId) services.push('hotjar')
  return services
}

/**
 * The CSP sources of exactly the configured services: a service's own hosts, or, when its origin
 * is overridden (a test's loopback stand-in, a first-party proxy), that origin alone.
 */
export function tagCspSources(settings: TagSettings | null | undefined): string[] {
  const config = tagConfig(settings)
  const sources = configuredServices(config).flatMap((service) => {
    const overridden = originOf(settings?.tagOrigins?.[service])
    return overridden ? [overridden] : [...TAG_SERVICES[service].cspSources]
  })
  return [...new Set(sources)]
}
