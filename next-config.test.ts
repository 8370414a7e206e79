import { afterEach, describe, expect, it, vi } from 'vitest';

// next.config.ts reads the environment once (lib/env.ts): each case loads it afresh.
async function loadConfig(vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return (await import('./next.config')).default;
}

describe('next.config.ts', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps cache invalidations in the database on a Node server', async () => {
    const config = await loadConfig({ VERCEL: '' });
    expect(config.cacheHandler).toMatch(/cache-handlers\/incremental\.mjs$/);
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
});
