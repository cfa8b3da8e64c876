import type { MetadataRoute } from 'next'
import { absoluteUrl } from '@/platform/siteUrl'

export const dynamic = 'force-dynamic'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/agent'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  }
}
