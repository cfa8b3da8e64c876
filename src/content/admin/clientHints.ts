import type { NextConfig } from 'next'

/** Where the admin reads the colour-scheme hint Payload asks browsers for (its light or dark theme). */
export const ADMIN_HEADER_SOURCE = '/admin/:path*'

type HeaderRule = Awaited<ReturnType<NonNullable<NextConfig['headers']>>>[number]
type Header = HeaderRule['headers'][number]

/**
 * A header that asks for or varies on a client hint: `Accept-CH`, `Critical-CH`, and a `Vary` that
 * names only `Sec-CH-*` headers.
 */
export function isClientHintHeader({ key, value }: Header): boolean {
  const name = key.toLowerCase()
  if (name === 'accept-ch' || name === 'critical-ch') return true
  if (name !== 'vary') return false
  const varied = value.split(',').map((part) => part.trim().toLowerCase())
  return varied.length > 0 && varied.every((part) => part.startsWith('sec-ch-'))
}

/**
 * The header rules with every client-hint header moved from wherever it applied to the admin
 * alone. `withPayload` sends them on every path; `Critical-CH` there makes Chromium drop a
 * visitor's first answer and ask for the document again, for a hint no public page reads.
 */
export function clientHintsForAdminOnly(rules: HeaderRule[]): HeaderRule[] {
  const hints: Header[] = []
  const kept: HeaderRule[] = []
  for (const rule of rules) {
    const own = rule.headers.filter((header) => !isClientHintHeader(header))
    for (const header of rule.headers)
      if (isClientHintHeader(header) && !hints.some((hint) => hint.key.toLowerCase() === header.key.toLowerCase()))
        hints.push(header)
    if (own.length > 0) kept.push({ ...rule, headers: own })
  }
  return hints.length > 0 ? [...kept, { source: ADMIN_HEADER_SOURCE, headers: hints }] : kept
}

/** The configuration whose `headers()` keeps the admin's client hints to the admin. */
export function withClientHintsForAdminOnly(config: NextConfig): NextConfig {
  const headers = config.headers
  if (!headers) return config
  return { ...config, headers: async () => clientHintsForAdminOnly(await headers()) }
}
