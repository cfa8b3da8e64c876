import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import { STATIC_SECURITY_HEADERS } from './src/security/headers'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project with tsc; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  // The CSP with its per-request nonce is set in src/proxy.ts; these cover static files too.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
