import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { afterEach, describe, expect, it } from 'vitest';
import DurableFileSystemCache from '../../cache-handlers/incremental.mjs';
import { oneByteHtml } from '../../cache-handlers/one-byte-html.mjs';
import { resetTagSync, tagsManifest } from '../../cache-handlers/tag-sync.mjs';
import { TAG_STORE_BRIDGE, type TagStoreBridge } from './tag-store';

const WIDE = /[^\u0000-\u00ff]/;

/** A page as Next writes one: markup, flight data in a script's string literal, JSON-LD. */
const page = [
  '<html lang="en-GB"><head><title>Elena Marsh’s studio — rooftops</title>',
  '<meta name="description" content="The artist’s view, 😀 and café"/>',
  '<style>.quote::before{content:"“"}</style></head>',
  '<body><h1>Herne Hill’s rooftops</h1><p>£480 · ×2 © é</p>',
  '<script>self.__next_f.push([1,"6:[\\"$\\",\\"h1\\",null,{\\"children\\":\\"Herne Hill’s rooftops 😀\\"}]\\n"])</script>',
  '<script type="application/ld+json">{"name":"Elena Marsh’s studio","emoji":"😀"}</script>',
  '</body></html>',
].join('');

/** What a browser reads back: character references in markup, escapes in scripts and styles. */
function readBack(html: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
  const markup = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
  const flight = JSON.parse(scripts[0]!.replace(/^self\.__next_f\.push\(/, '').replace(/\)$/, '')) as unknown;
  const jsonLd = JSON.parse(scripts[1]!) as unknown;
  const style = html
    .match(/<style>([\s\S]*?)<\/style>/)![1]!
    .replace(/\\([0-9a-f]+) /g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
  return { markup, flight, jsonLd, style };
}

describe('oneByteHtml', () => {
  it('escapes every character above U+00FF so the browser reads back the same document', () => {
    const escaped = oneByteHtml(page);
    expect(escaped).not.toMatch(WIDE);
    expect(escaped).toContain('Herne Hill&#8217;s rooftops');
    expect(escaped).toContain('content="The artist&#8217;s view, &#128512; and café"');
    expect(escaped).toContain('Herne Hill\\u2019s rooftops \\ud83d\\ude00');
    // Latin-1 stays as written: it does not make a string two-byte.
    expect(escaped).toContain('£480 · ×2 © é');
    const original = readBack(page);
    const back = readBack(escaped);
    expect(back.markup).toBe(original.markup);
    expect(back.flight).toEqual(original.flight);
    expect(back.jsonLd).toEqual(original.jsonLd);
    expect(back.style).toBe(original.style);
  });

  it('returns a page without such characters as it is', () => {
    const plain = '<p>£480 · café</p><script>self.__next_f.push([1,"x"])</script>';
    expect(oneByteHtml(plain)).toBe(plain);
  });
});

describe('the page cache handler', () => {
  afterEach(() => {
    (globalThis as Record<symbol, unknown>)[TAG_STORE_BRIDGE] = undefined;
    resetTagSync();
  });

  it('hands Next a cached page with one-byte HTML, converted once however often it is read', async () => {
    const bridge: TagStoreBridge = { shared: false, read: async () => [], write: async () => {} };
    (globalThis as Record<symbol, unknown>)[TAG_STORE_BRIDGE] = bridge;
    resetTagSync();
    tagsManifest.clear();
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-one-byte-'));
    try {
      // As next start makes it: with its memory cache (50 MB by default).
      const cache = new DurableFileSystemCache({
        fs: nodeFs,
        serverDistDir,
        flushToDisk: true,
        revalidatedTags: [],
        maxMemoryCacheSize: 50 * 1024 * 1024,
      });
      const key = '/route-cache/APP_PAGE/abc/$/gallery/buildings/herne-hill';
      await cache.set(
        key,
        {
          kind: 'APP_PAGE',
          html: page,
          rscData: Buffer.from('rsc'),
          headers: { 'x-next-cache-tags': 'artworks' },
          status: 200,
          postponed: undefined,
          segmentData: undefined,
        },
        { cacheControl: { revalidate: false, expire: undefined } },
      );
      const first = (await cache.get(key, { kind: 'APP_PAGE' })) as { value: { html: string } };
      expect(first.value.html).toBe(oneByteHtml(page));
      // Next's memory cache hands out the same entry: the converted string, not a new copy.
      const second = (await cache.get(key, { kind: 'APP_PAGE' })) as { value: { html: string } };
      expect(second.value).toBe(first.value);
      expect(second.value.html).toBe(first.value.html);
    } finally {
      fs.rmSync(serverDistDir, { recursive: true, force: true });
    }
  });
});
