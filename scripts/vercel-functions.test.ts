import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breaches, isPublicPage, readFunctions } from './vercel-functions';

// The rules a Vercel build's functions are held to, on a made-up build output.
describe('Vercel function rules', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vercel-functions-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const file = (relative: string, bytes: number) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), Buffer.alloc(bytes));
  };
  const func = (route: string, filePathMap: Record<string, string>, own: Record<string, number> = {}) => {
    const dir = path.join(root, '.vercel/output/functions', `${route}.func`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '.vc-config.json'), JSON.stringify({ runtime: 'nodejs22.x', filePathMap }));
    for (const [name, bytes] of Object.entries(own)) file(path.relative(root, path.join(dir, name)), bytes);
  };

  it('sums mapped and own files, and names what breaks a rule', () => {
    file('node_modules/next/dist/server.js', 3 * 1024 * 1024);
    file('node_modules/@electric-sql/pglite/dist/pglite.wasm', 2 * 1024 * 1024);
    file('node_modules/sharp/lib/index.js', 14 * 1024 * 1024);
    file('seed-assets/fox.jpg', 1024);
    func(
      'gallery/[collection]/[slug]',
      {
        'node_modules/next/dist/server.js': 'node_modules/next/dist/server.js',
        'node_modules/sharp/lib/index.js': 'node_modules/sharp/lib/index.js',
      },
      { 'page.js': 1000 },
    );
    func('api/upload-artwork-image', {
      'node_modules/next/dist/server.js': 'node_modules/next/dist/server.js',
      'node_modules/sharp/lib/index.js': 'node_modules/sharp/lib/index.js',
    });
    func('about', {
      'node_modules/@electric-sql/pglite/dist/pglite.wasm': 'node_modules/@electric-sql/pglite/dist/pglite.wasm',
      'seed-assets/fox.jpg': 'seed-assets/fox.jpg',
    });
    // Vercel serves many routes from one function: the others are links to it.
    fs.symlinkSync(
      path.join(root, '.vercel/output/functions/about.func'),
      path.join(root, '.vercel/output/functions/about.rsc.func'),
    );
    fs.symlinkSync(
      path.join(root, '.vercel/output/functions/about.func'),
      path.join(root, '.vercel/output/functions/admin.func'),
    );
    fs.symlinkSync(
      path.join(root, '.vercel/output/functions/api/upload-artwork-image.func'),
      path.join(root, '.vercel/output/functions/contact.func'),
    );

    const reports = readFunctions(path.join(root, '.vercel/output'), root);
    expect(reports.map((r) => r.routes).sort()).toEqual([
      ['/about', '/admin'],
      ['/api/upload-artwork-image', '/contact'],
      ['/gallery/[collection]/[slug]'],
    ]);
    const page = reports.find((r) => r.route === '/gallery/[collection]/[slug]')!;
    expect(page.bytes).toBe(17 * 1024 * 1024 + 1000);
    expect(page.largest[0]).toEqual({ what: 'node_modules/sharp', bytes: 14 * 1024 * 1024 });

    expect(breaches(reports)).toEqual([
      "/gallery/[collection]/[slug]: 17.0 MB, over the 15.0 MB a public page's function may hold (it serves /gallery/[collection]/[slug])",
      // A function that also serves a public page is held to the public page's limit.
      "/api/upload-artwork-image: 17.0 MB, over the 15.0 MB a public page's function may hold (it serves /contact)",
      '/about: holds the embedded database (PGlite): Vercel runs on DATABASE_URL (1 files, e.g. node_modules/@electric-sql/pglite/dist/pglite.wasm)',
      '/about: holds the demo images (seeded by a script, never at run time) (1 files, e.g. seed-assets/fox.jpg)',
    ]);
  });

  it('tells public pages from the admin, routes and images', () => {
    for (const route of ['/', '/gallery', '/gallery/[collection]/[slug]', '/blog/[slug]', '/search'])
      expect(isPublicPage(route), route).toBe(true);
    for (const route of [
      '/admin/artworks/add',
      '/api/telemetry',
      '/__debug',
      '/debug/health-check',
      '/gallery/[collection]/[slug]/opengraph-image',
      '/sitemap.xml',
      '/media/[...path]',
    ])
      expect(isPublicPage(route), route).toBe(false);
  });
});
