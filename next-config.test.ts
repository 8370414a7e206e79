import fs from 'node:fs';
import { createRequire } from 'node:module';
import { modifyRouteRegex } from 'next/dist/lib/redirect-status';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);

// next.config.ts reads the environment once (lib/env.ts): each case loads it afresh.
async function loadConfig(vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return (await import('./next.config')).default;
}

describe('next.config.ts', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps cache invalidations in the database on a Node server, naming no page cache file Next would import per request', async () => {
    const config = await loadConfig({ VERCEL: '' });
    // use-cache.mjs installs the page cache (lib/cache/page-cache.test.ts).
    expect(config.cacheHandler).toBeUndefined();
    expect(config.cacheHandlers?.default).toMatch(/cache-handlers\/use-cache\.mjs$/);
  });

  it('leaves caching to Vercel on Vercel, whose own handlers a configured one would displace', async () => {
    const config = await loadConfig({ VERCEL: '1', DATABASE_URL: 'postgres://u:p@db.example.com:6543/postgres' });
    expect(config.cacheHandler).toBeUndefined();
    expect(config.cacheHandlers).toBeUndefined();
  });

  it('leaves the embedded database, seed images, tests and scripts out of every Vercel function', async () => {
    const vercel = await loadConfig({ VERCEL: '1', DATABASE_URL: 'postgres://u:p@db.example.com:6543/postgres' });
    const excluded = vercel.outputFileTracingExcludes?.['/*'] ?? [];
    for (const glob of [
      'node_modules/@electric-sql/pglite/**',
      'seed-assets/**',
      'e2e/**',
      'scripts/**',
      'tests/support/**',
      '**/*.test.ts',
    ])
      expect(excluded).toContain(glob);
    // and has no embedded mode to load them from.
    expect(vercel.turbopack?.resolveAlias).toEqual({
      '@/lib/db/pglite-adapter': './lib/embedded-only.ts',
      '@/lib/seed/seed': './lib/embedded-only.ts',
      '@/lib/backup/live': './lib/embedded-only.ts',
    });
    // A Node server runs embedded mode too: nothing is left out of its build.
    expect((await loadConfig({ VERCEL: '' })).outputFileTracingExcludes).toBeUndefined();
  });

  it("replaces no module in a Node server's build", async () => {
    expect((await loadConfig({ VERCEL: '' })).turbopack?.resolveAlias).toEqual({});
  });

  it('sends HSTS only when the site is served over https', async () => {
    const hsts = async (siteUrl: string) => {
      const rules = await (await loadConfig({ VERCEL: '', SITE_URL: siteUrl })).headers!();
      return rules.flatMap((rule) => rule.headers).filter((header) => header.key === 'Strict-Transport-Security');
    };
    expect(await hsts('https://elenamarsh.example')).toEqual([
      { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    ]);
    expect(await hsts('http://127.0.0.1:3000')).toEqual([]);
  });

  it('names the paths of the rules a page meets with unnamed groups: each matches with no params', async () => {
    const rules = (await (await loadConfig({ VERCEL: '' })).headers!()).filter((rule) => !rule.has);
    // Each rule as Next builds a custom route (buildCustomRoute in next/dist/server/lib/router-utils/filesystem.js).
    const matchers = rules.map((rule) => ({
      rule,
      match: getPathMatch(rule.source, {
        strict: true,
        removeUnnamedParams: true,
        regexModifier: (regex: string) => modifyRouteRegex(regex),
      }),
    }));
    const headersOf = (pathname: string) =>
      matchers.flatMap(({ rule, match }) => {
        const params = match(pathname);
        if (params === false) return [];
        expect(params, `${rule.source} on ${pathname}`).toEqual({});
        return rule.headers.map((header) => header.key);
      });
    const documentHeaders = [
      'X-Content-Type-Options',
      'Referrer-Policy',
      'X-Frame-Options',
      'Permissions-Policy',
      'Content-Security-Policy',
    ];
    for (const pathname of [
      '/',
      '/gallery',
      '/gallery/buildings/herne-hill',
      '/blog/a-story',
      '/searching',
      '/administrator',
    ])
      expect(headersOf(pathname), pathname).toEqual(documentHeaders);
    // The pages proxy.ts gives a policy of their own; the build's assets only nosniff.
    for (const pathname of ['/admin', '/admin/messages', '/search', '/__debug'])
      expect(headersOf(pathname), pathname).toEqual(documentHeaders.slice(0, 4));
    expect(headersOf('/_next/static/chunks/app.js')).toEqual(['X-Content-Type-Options']);
  });

  it('relies on Next sending a rule’s header values as written when its match has no params', () => {
    const source = (file: string) =>
      fs.readFileSync(require.resolve(`next/dist/server/lib/router-utils/${file}`), 'utf8');
    // resolve-routes.js compiles a value (compileNonPath, path-to-regexp) only when the match has params...
    expect(source('resolve-routes.js')).toMatch(
      /const hasParams = Object\.keys\(params\)\.length > 0;\s*for \(const header of route\.headers\)\{\s*let \{ key, value \} = header;\s*if \(hasParams\) \{\s*key = \(0, _preparedestination\.compileNonPath\)/,
    );
    // ...and filesystem.js leaves a custom route's unnamed groups out of its params.
    expect(source('filesystem.js')).toMatch(
      /const buildCustomRoute = \(type, item, basePath, caseSensitive\)=>\{[\s\S]{0,400}?getPathMatch\)\(item\.source, \{\s*strict: true,\s*removeUnnamedParams: true,/,
    );
  });
});
