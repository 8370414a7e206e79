import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { IncrementalCache } from 'next/dist/server/lib/incremental-cache';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { describe, expect, it } from 'vitest';
import DurableFileSystemCache from '../../cache-handlers/incremental.mjs';
// Loading the 'use cache' handler installs the page cache, as it does when Next loads it.
import '../../cache-handlers/use-cache.mjs';

/**
 * The page cache reaches Next without next.config.ts naming it (cacheHandler), which would have
 * Next import() its file three times on every request
 * (docs/decisions/0017-page-cache-without-import.md). What that relies on in Next 16.4.5, held
 * here so an upgrade that changes it fails this file rather than the durability of invalidations:
 * - the IncrementalCache class, Next's own and the copies bundled in the route runtimes, takes a
 *   class on `globalThis[Symbol.for('@next/cache-handlers')].FetchCache` when none is configured;
 * - every place that makes a request's IncrementalCache first awaits the loading of the
 *   `cacheHandlers` files, so use-cache.mjs has installed the class before the first one is made.
 */
const require = createRequire(import.meta.url);
const nextDir = path.dirname(require.resolve('next/package.json'));
const read = (file: string) => fs.readFileSync(path.join(nextDir, file), 'utf8');
/** The route runtimes a production build serves pages and route handlers with (Turbopack). */
const RUNTIMES = [
  'dist/compiled/next-server/app-page-turbo.runtime.prod.js',
  'dist/compiled/next-server/app-route-turbo.runtime.prod.js',
];

function incrementalCache(serverDistDir: string) {
  return new IncrementalCache({
    fs: nodeFs,
    dev: false,
    serverDistDir,
    flushToDisk: false,
    minimalMode: false,
    requestHeaders: {},
    maxMemoryCacheSize: 1024 * 1024,
    previewProps: { previewModeId: 'preview', previewModeSigningKey: 'sign', previewModeEncryptionKey: 'encrypt' },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} as never },
    fetchCacheKeyPrefix: '',
    allowedRevalidateHeaderKeys: [],
  } as ConstructorParameters<typeof IncrementalCache>[0]);
}

describe('the page cache', () => {
  it("is the durable one in every IncrementalCache Next makes once the 'use cache' handler has loaded", () => {
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-page-cache-'));
    try {
      const cache = incrementalCache(serverDistDir) as unknown as { cacheHandler?: unknown };
      expect(cache.cacheHandler).toBeInstanceOf(DurableFileSystemCache);
    } finally {
      fs.rmSync(serverDistDir, { recursive: true, force: true });
    }
  });

  it.each(RUNTIMES)('is taken from the global by the IncrementalCache bundled in %s', (file) => {
    const source = read(file);
    // Where none is configured: the global's FetchCache, before the file-system default.
    expect(source).toMatch(
      /hasCustomCacheHandler=!!(\w+);const (\w+)=Symbol\.for\("@next\/cache-handlers"\),(\w+)=globalThis;if\(\1\)[^;]*;else\{const (\w+)=\3\[\2\];\(null==\4\?void 0:\4\.FetchCache\)\?\(\1=\4\.FetchCache/,
    );
  });

  it.each(RUNTIMES)('is installed before %s makes a request’s IncrementalCache', (file) => {
    const source = read(file);
    const method = source.slice(source.indexOf('async getIncrementalCache('));
    const body = method.slice(0, method.indexOf('return globalThis.__incrementalCache='));
    expect(body).toMatch(/await this\.loadCustomCacheHandlers\([^)]*\);let \w+=new \w+\(\{/);
  });

  it("is taken from the global by Next's own IncrementalCache, after the server has loaded the cacheHandlers", () => {
    const incremental = read('dist/server/lib/incremental-cache/index.js');
    expect(incremental).toMatch(
      /if \(!CurCacheHandler\) \{[^}]*const globalCacheHandler = _globalThis\[cacheHandlersSymbol\];\s*if \(globalCacheHandler == null \? void 0 : globalCacheHandler\.FetchCache\) \{\s*CurCacheHandler = globalCacheHandler\.FetchCache;/,
    );
    const server = read('dist/server/next-server.js');
    const method = server.slice(server.indexOf('async getIncrementalCache('));
    const body = method.slice(0, method.indexOf('getPublicDir()'));
    expect(body.indexOf('await this.loadCustomCacheHandlers();')).toBeGreaterThan(-1);
    expect(body.indexOf('await this.loadCustomCacheHandlers();')).toBeLessThan(
      body.indexOf('new _incrementalcache.IncrementalCache('),
    );
  });
});
