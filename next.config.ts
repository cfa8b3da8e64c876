import path from 'node:path'
import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import { withClientHintsForAdminOnly } from './src/content/admin/clientHints'
import { STATIC_SECURITY_HEADERS } from './src/security/headers'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // src/server compresses responses: a cached page once, with its CSP, not on every request.
  compress: false,
  // Pages and CMS data are cached in memory, or in Redis shared by every instance (REDIS_URL).
  cacheHandler: path.join(process.cwd(), 'src/server/cacheHandler.mjs'),
  cacheMaxMemorySize: 0,
  reactStrictMode: true,
  // A release of the production stack (deploy/lib/releases.mjs) names its build: every instance of
  // it, on any server, has the same build id (the page cache's prefix) and deployment id.
  generateBuildId: async () => process.env.SITE_BUILD_ID || null,
  // The project is its own root, also where a release is built inside the checkout's state folder
  // (which holds another lockfile further up).
  turbopack: { root: process.cwd() },
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  // A page's CSS travels in its document (a few KB compressed), so that nothing but the document
  // stands before the first paint; scripts/lib/adminStylesheets.mjs keeps the admin's linked.
  // Most visits here are first visits to one page (people come for one answer), and every file is
  // a request the front pays for (TLS, headers, a log line) on top of its bytes: the chunker merges
  // what a page starts with into few files (bench/visits.mjs), and the layout's file carries the
  // pages' and the error page's client parts (src/app/(site)/_parts/clientParts.ts); how many files
  // a page starts with is START_FILES in tests/e2e/first-visit.spec.ts.
  experimental: {
    inlineCss: true,
    turbopackChunking: {
      requestCost: 1_000_000,
      firstPageLoadPriority: 0.8,
      minChunkSize: 500_000,
      maxChunkCountPerGroup: 2,
      maxMergeChunkSize: 1_000_000,
    },
  },
  // One copy of Payload for every bundle (routes, pages, instrumentation): a refusal thrown by
  // one copy must be recognised by the error formatter of another, or the admin loses field paths.
  // prom-client: loaded from node_modules like the server (src/server) loads it, not bundled.
  serverExternalPackages: [
    'payload',
    '@payloadcms/db-sqlite',
    '@payloadcms/db-postgres',
    '@payloadcms/drizzle',
    'prom-client',
  ],
  // `npm test` type-checks the whole project with tsc; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  // The CSP, made of each page's own script hashes, is set by src/server; these cover every response.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ]
  },
}

// withPayload asks every response for the admin theme's client hint (Critical-CH), which makes
// Chromium fetch a public page twice; the hint is kept to /admin, the only place that reads it.
export default withClientHintsForAdminOnly(withPayload(nextConfig, { devBundleServerPackages: false }))
