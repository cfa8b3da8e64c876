/** The public origin of the site, for canonical URLs, the sitemap and structured data. */
export function siteOrigin(): string {
  const configured = process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`
  return configured.replace(/\/+$/, '')
}

export const absoluteUrl = (path: string) => `${siteOrigin()}${path.startsWith('/') ? path : `/${path}`}`
