import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product uses Next through its public API. Its internals (`next/dist/...`) are imported only
 * by the cache handlers (cache-handlers/: Next's own file-system cache and tag manifest, which
 * have no public export; docs/architecture.md, Cache invalidation and outages) and by tests that hold Next to what the
 * product relies on. A Next upgrade that moves an internal then breaks only there.
 */
const root = path.resolve(import.meta.dirname, '..');
const product = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file) && fs.existsSync(path.join(root, file)))
  .filter(
    (file) => !/(^|\/)(tests|e2e|scripts|cache-handlers)\//.test(file) && !/\.test\.tsx?$|\.fixture\.ts$/.test(file),
  );
const internalImport = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"]next\/dist\//;

describe('Next’s internals', () => {
  it('are imported by no module of the product outside cache-handlers/', () => {
    expect(product.length).toBeGreaterThan(100);
    const importers = product.filter((file) => internalImport.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(importers).toEqual([]);
  });
});
