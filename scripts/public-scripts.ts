/**
 * The JavaScript each public page names in its HTML (every <script src>), by file name and
 * gzipped size (level 6): `npx tsx scripts/public-scripts.ts http://127.0.0.1:3000 [--json out.json]`.
 * Run against two builds (before and after a change) to show that a change kept public bundles
 * the same by name and by bytes, or by how much it moved them.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { blogPosts } from '@/lib/seed/blog-posts';
import { seedArtworks } from '@/lib/seed/artworks-data';
import { categorySlug } from '@/lib/categories';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : null;
const art = seedArtworks.find((a) => a.category === 'Sanctuaries of the Mind')!;
const pages = [
  '/',
  '/gallery',
  `/gallery/${categorySlug(art.category)}/${art.slug}`,
  '/blog',
  `/blog/${blogPosts[0]!.slug}`,
  '/about',
  '/contact',
];

type Script = { name: string; gzip: number };

async function main() {
  const report: Record<string, { scripts: Script[]; total: number }> = {};
  for (const page of pages) {
    const html = await (await fetch(new URL(page, base))).text();
    const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
    const scripts: Script[] = [];
    for (const src of srcs) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      scripts.push({ name: src.split('/').pop()!.split('?')[0]!, gzip: zlib.gzipSync(body, { level: 6 }).length });
    }
    scripts.sort((a, b) => a.name.localeCompare(b.name));
    report[page] = { scripts, total: scripts.reduce((sum, s) => sum + s.gzip, 0) };
    console.log(`${page}: ${scripts.length} scripts, ${report[page].total} B gzipped`);
  }
  if (out) fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
}

void main();
