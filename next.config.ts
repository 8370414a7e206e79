import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Lets parallel builds (benchmarks, tests) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  typedRoutes: false,
  // PGlite loads its WASM and data files at run time; bundling breaks their paths.
  serverExternalPackages: ['@electric-sql/pglite', 'sharp', 'pino', 'bcryptjs'],
  images: {
    // Every served image is a stored WebP variant listed in a srcset: nothing to optimise on
    // the fly, and the optimizer would only add latency to the LCP image.
    unoptimized: true,
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()' },
          { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
        ],
      },
    ];
  },
  experimental: {
    // Server actions receive artwork uploads through the upload route instead; keep actions small.
    serverActions: { bodySizeLimit: '1mb' },
  },
};

export default nextConfig;
